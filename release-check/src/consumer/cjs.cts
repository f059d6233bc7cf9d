// A consumer in CommonJS (moduleResolution node16): the require() entries, typed, and a real call.
import { createClient } from '@inference-infra/fetch-client';
import type { ChatCompletionChunk } from '@inference-infra/types';
import { validateRequest } from '@inference-infra/types/request-validation';

async function main() {
  const client = createClient();
  const stream = await client.chat.completions.create({
    model: 'llama-3.1-8b-instruct',
    messages: [{ role: 'user', content: 'What is a persistent volume?' }],
    stream: true,
  });
  let text = '';
  for await (const chunk of stream as AsyncIterable<ChatCompletionChunk>) text += chunk.choices[0]?.delta.content ?? '';
  const transactions = await client.billing.listTransactions({ limit: 10 });
  const [refusal] = validateRequest('listBillingTransactions', { query: { limit: 101 } });
  console.log(JSON.stringify({ cjs: true, text, transactions: transactions.data.length, refusal: refusal?.message }));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
