// A CommonJS script: `require` loads the client's CommonJS build, and without top-level await the work is an async
// function whose failure sets the exit code. `npm run build` type-checks this file against the package's .d.cts types.
const { createClient, InferenceInfraError } = require('@inference-infra/fetch-client');

// The local mock's addresses and demo key unless the environment names others.
const client = createClient({
  apiKey: process.env.INFERENCE_INFRA_API_KEY ?? 'ii_live_mock',
  baseUrl: process.env.INFERENCE_INFRA_BASE_URL ?? 'http://127.0.0.1:4010/v1',
  platformUrl: process.env.INFERENCE_INFRA_PLATFORM_URL ?? 'http://127.0.0.1:4011',
});

async function main() {
  // Cheapest first: the first H100 in us-east-1 is the cheapest there.
  const { data } = await client.instances.listTypes({ gpu_type: 'H100', region: 'us-east-1' });
  const cheapest = data[0];
  if (!cheapest) throw new Error('no H100 instance type is offered in us-east-1');
  console.log(`cheapest H100 in us-east-1: ${cheapest.id} at $${cheapest.hourly_rate} an hour`);

  // The request is checked against the spec before it is sent: a size below 10 GB never leaves the process.
  await client.storage.resize('vol_training', { size_gb: 5 }).catch((error) => {
    console.log(`refused before sending: ${error.message}`);
  });

  const { data: embeddings } = await client.embeddings.create({
    model: 'bge-large-en-v1.5',
    input: ['H100', 'A100'],
  });
  console.log(`embeddings: ${embeddings.length} vectors of ${embeddings[0]?.embedding.length} values`);
}

main().catch((error) => {
  // The client's typed errors name the status, the API's code and the request id, never the key.
  console.error(error instanceof InferenceInfraError ? error.message : error);
  process.exitCode = 1;
});
