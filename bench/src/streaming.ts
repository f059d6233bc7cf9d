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

/**
 * The floor of what a client hands out: `rawSplit`'s work, each parsed chunk handed out through `next()` as
 * `for await` reads an async iterable (a promise a chunk), still no SSE parser and no checks.
 */
function rawSplitIterable(url: string): AsyncIterable<unknown> {
  const ready: unknown[] = [];
  let taken = 0;
  let buffer = '';
  let finished = false;
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  const decoder = new TextDecoder();
  const next = async (): Promise<IteratorResult<unknown>> => {
    while (taken === ready.length) {
      if (finished) return { done: true, value: undefined };
      ready.length = 0;
      taken = 0;
      reader ??= (
        (await fetch(url, { method: 'POST', headers: jsonHeaders, body: JSON.stringify(body) }))
          .body as ReadableStream<Uint8Array>
      ).getReader();
      const read = await reader.read();
      if (read.done) {
        finished = true;
        continue;
      }
      buffer += decoder.decode(read.value, { stream: true });
      let end = buffer.indexOf('\n\n');
      while (end !== -1) {
        const data = buffer.slice(6, end);
        if (data === '[DONE]') finished = true;
        else ready.push(JSON.parse(data));
        buffer = buffer.slice(end + 2);
        end = buffer.indexOf('\n\n');
      }
    }
    return { done: false, value: ready[taken++] };
  };
  return { [Symbol.asyncIterator]: () => ({ next }) };
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
      'raw fetch + split, async iterable': async () => {
        let count = 0;
        for await (const _chunk of rawSplitIterable(`${fixture.baseUrl}/chat/completions`)) count++;
        expectCount(count, 'raw, async iterable');
      },
    },
  );
  const perStream = await interleaved(contenders, { ...sizes, batch: 1 });
  return new Map([...perStream].map(([name, summary]) => [name, asRate(summary, chunkCount)]));
}
