import { baselinesFor, jsonHeaders, ours, oursFor, type SuiteOptions, withBaselines } from './clients.js';
import type { Fixture } from './fixture.js';
import type { Sizes } from './latency.js';
import { asRate, interleaved } from './stats.js';

const body = { model: 'm', messages: [{ role: 'user' as const, content: 'go' }], stream: true as const };

/** The floor: raw fetch and a hand-written split on blank lines, no SSE parser, no checks. */
async function rawSplit(url: string): Promise<number> {
  const response = await fetch(url, { method: 'POST', headers: jsonHeaders, body: JSON.stringify(body) });
  const decoder = new TextDecoder();
  let buffer = '';
  let chunks = 0;
  for await (const bytes of response.body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(bytes, { stream: true });
    let end = buffer.indexOf('\n\n');
    while (end !== -1) {
      const data = buffer.slice(6, end);
      if (data !== '[DONE]') {
        JSON.parse(data);
        chunks++;
      }
      buffer = buffer.slice(end + 2);
      end = buffer.indexOf('\n\n');
    }
  }
  return chunks;
}

/** Chunks per second consuming one long streamed chat completion. */
export async function streamingThroughput(
  fixture: Fixture,
  sizes: Sizes,
  chunkCount: number,
  clients = ours,
  options: SuiteOptions = {},
) {
  const { openai } = baselinesFor(fixture);
  const expectCount = (count: number, who: string) => {
    if (count !== chunkCount) throw new Error(`${who} read ${count} chunks, expected ${chunkCount}`);
  };
  const contenders = withBaselines(
    options,
    Object.entries(oursFor(fixture, clients)).map(([name, client]) => ({
      name,
      run: async () => {
        let count = 0;
        for await (const _chunk of await client.chat.completions.create(body)) count++;
        expectCount(count, name);
      },
    })),
    {
      openai: async () => {
        let count = 0;
        for await (const _chunk of await openai.chat.completions.create(body)) count++;
        expectCount(count, 'openai');
      },
      'raw fetch + split': async () =>
        expectCount(await rawSplit(`${fixture.baseUrl}/chat/completions`), 'raw'),
    },
  );
  const perStream = await interleaved(contenders, { ...sizes, batch: 1 });
  return new Map([...perStream].map(([name, summary]) => [name, asRate(summary, chunkCount)]));
}
