import { createParser } from 'eventsource-parser';
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

/** Hands each event's data out of the decoded text fed to it, however the text was cut. */
type EventSplitter = (text: string, onData: (data: string) => void) => void;

/** `rawSplit`'s hand-written split on blank lines: no comments, no multi-line data, no CRLF. */
function splitOnBlankLines(): EventSplitter {
  let buffer = '';
  return (text, onData) => {
    buffer += text;
    let end = buffer.indexOf('\n\n');
    while (end !== -1) {
      onData(buffer.slice(6, end));
      buffer = buffer.slice(end + 2);
      end = buffer.indexOf('\n\n');
    }
  };
}

/** eventsource-parser, as ours parses the stream: the SSE the spec names, whole. */
function eventsourceParser(): EventSplitter {
  let sink: (data: string) => void = () => undefined;
  const parser = createParser({ onEvent: (event) => sink(event.data) });
  return (text, onData) => {
    sink = onData;
    parser.feed(text);
  };
}

/**
 * The floor of what a client hands out: raw fetch, the events split by `split`, each parsed chunk handed out through
 * `next()` as `for await` reads an async iterable (a promise a chunk), and no checks. With eventsource-parser as the
 * split, what is left between it and ours is ours' look at each event.
 */
function rawSplitIterable(url: string, split: EventSplitter): AsyncIterable<unknown> {
  const ready: unknown[] = [];
  let taken = 0;
  let finished = false;
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  const decoder = new TextDecoder();
  const onData = (data: string) => {
    if (data === '[DONE]') finished = true;
    else ready.push(JSON.parse(data));
  };
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
      split(decoder.decode(read.value, { stream: true }), onData);
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
        const chunks = rawSplitIterable(`${fixture.baseUrl}/chat/completions`, splitOnBlankLines());
        for await (const _chunk of chunks) count++;
        expectCount(count, 'raw, async iterable');
      },
      'raw fetch + eventsource-parser, async iterable': async () => {
        let count = 0;
        const chunks = rawSplitIterable(`${fixture.baseUrl}/chat/completions`, eventsourceParser());
        for await (const _chunk of chunks) count++;
        expectCount(count, 'eventsource-parser, async iterable');
      },
    },
  );
  const perStream = await interleaved(contenders, { ...sizes, batch: 1 });
  return new Map([...perStream].map(([name, summary]) => [name, asRate(summary, chunkCount)]));
}
