// An ES module (`"type": "module"`), so top-level await: the cheapest H100, the latest usage charges, a streamed chat.
import { createClient, InferenceInfraError } from '@inference-infra/fetch-client';

// The local mock's addresses and demo key unless the environment names others (the client would read the same
// variables itself; the defaults are what make `npm start` work against `bash scripts/start.sh` with no setup).
const client = createClient({
  apiKey: process.env.INFERENCE_INFRA_API_KEY ?? 'ii_live_mock',
  baseUrl: process.env.INFERENCE_INFRA_BASE_URL ?? 'http://127.0.0.1:4010/v1',
  platformUrl: process.env.INFERENCE_INFRA_PLATFORM_URL ?? 'http://127.0.0.1:4011',
});

try {
  // The list comes cheapest first, so the first H100 is the cheapest.
  const { data, requestId } = await client.instances.listTypes({ gpu_type: 'H100' });
  const cheapest = data[0];
  if (!cheapest) throw new Error('no H100 instance type is offered');
  console.log(
    `cheapest H100: ${cheapest.id} at $${cheapest.hourly_rate} an hour in ${cheapest.region} (${requestId})`,
  );

  // `for await` pages through the ledger; breaking out asks for no further page.
  let shown = 0;
  for await (const transaction of client.billing.listTransactions({ type: 'usage', limit: 2 })) {
    console.log(`usage ${transaction.createdAt}: ${transaction.amount} ${transaction.description}`);
    shown += 1;
    if (shown === 3) break;
  }

  const stream = await client.chat.completions.create({
    model: 'llama-3.1-8b-instruct',
    messages: [{ role: 'user', content: 'Which GPU should I rent for fine-tuning?' }],
    max_tokens: 24,
    stream: true,
  });
  let reply = '';
  for await (const chunk of stream) reply += chunk.choices[0]?.delta.content ?? '';
  console.log(`chat: ${reply}`);
} catch (error) {
  // The client's typed errors (a refused key is an AuthenticationError, 401) name the status, the API's code and the
  // request id to quote to support, never the key.
  console.error(error instanceof InferenceInfraError ? error.message : error);
  process.exitCode = 1;
}
