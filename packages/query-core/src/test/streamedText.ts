import { createClient } from '@inference-infra/fetch-client';

/**
 * The text of the events of the answer the simulator streams for `prompt` (all of them, or the first `count`),
 * read with a client of `apiKey` straight from the simulator, with no fault: what a stream that failed after `count`
 * events must have kept.
 */
export async function streamedText(
  baseUrl: string,
  apiKey: string,
  prompt: string,
  count: number | 'all',
): Promise<{ text: string; events: number }> {
  const client = createClient({ apiKey, baseUrl, headers: { 'x-simulate': 'stream-drip-ms=0' } });
  const stream = await client.chat.completions.create({
    model: 'llama-3.1-8b-instruct',
    messages: [{ role: 'user', content: prompt }],
    stream: true,
  });
  const deltas: string[] = [];
  for await (const chunk of stream) deltas.push(chunk.choices[0]?.delta.content ?? '');
  const kept = count === 'all' ? deltas : deltas.slice(0, count);
  return { text: kept.join(''), events: deltas.length };
}
