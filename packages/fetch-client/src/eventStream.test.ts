import { describe, expect, it } from 'vitest';
import { EventStream } from './eventStream.js';
import {
  APIConnectionError,
  APIUserAbortError,
  createClient,
  InferenceInfraError,
  RateLimitError,
} from './index.js';
import { drain } from './test/drain.js';
import { chunk } from './test/faultServer.js';

/** A client whose fetch answers every call with this event stream, in process: no socket. */
function streamingClient(events: string) {
  let cancelled = false;
  const fetch = async () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(events));
      },
      cancel() {
        cancelled = true;
      },
    });
    return new Response(body, { headers: { 'content-type': 'text/event-stream', 'x-request-id': 'req_s' } });
  };
  const client = createClient({ apiKey: 'ii_live_streamtests', baseUrl: 'https://api.test/v1', fetch });
  return { client, wasCancelled: () => cancelled };
}

const body = { model: 'm', messages: [{ role: 'user' as const, content: 'hi' }], stream: true as const };

describe('a chat stream', () => {
  it("quotes an event that is not JSON without the client's key, redacted before it is cut", async () => {
    // The key at the cut's edge: cut first, its first characters would be left in the message unredacted.
    const { client } = streamingClient(`data: ${'x'.repeat(70)}ii_live_streamtests echoed\n\n`);
    const error = await drain(await client.chat.completions.create(body));
    expect(error).toBeInstanceOf(APIConnectionError);
    expect((error as Error).message).toMatch(/^A stream event is not JSON: x{70}\[redacted\]/);
    expect((error as Error).message).not.toMatch(/ii_live_/);
  });

  it('refuses a second loop with an error of the package, saying a stream is read once', async () => {
    const { client } = streamingClient(`${chunk('Hel')}${chunk('lo')}data: [DONE]\n\n`);
    const stream = await client.chat.completions.create(body);
    const contents: string[] = [];
    for await (const part of stream) contents.push(part.choices[0]?.delta.content ?? '');
    expect(contents).toEqual(['Hel', 'lo']);
    expect(stream.requestId).toBe('req_s');

    const error = await drain(stream);
    expect(error).toBeInstanceOf(InferenceInfraError);
    expect((error as Error).message).toMatch(/already iterated: a stream can be read once/);
  });

  it('cancels the body when aborted before anyone reads it, and a later loop ends aborted', async () => {
    const { client, wasCancelled } = streamingClient(chunk('never read'));
    const stream = await client.chat.completions.create(body);
    stream.abort();
    expect(wasCancelled()).toBe(true);
    const error = await drain(stream);
    expect(error).toBeInstanceOf(APIUserAbortError);
  });

  it('hands out no chunk already read once the caller aborts in the loop', async () => {
    // Three chunks in one read: after the first, the abort must end the loop, not the two waiting behind it.
    const { client } = streamingClient(`${chunk('a')}${chunk('b')}${chunk('c')}data: [DONE]\n\n`);
    const caller = new AbortController();
    const stream = await client.chat.completions.create(body, { signal: caller.signal });
    let chunks = 0;
    const error = await (async () => {
      for await (const _part of stream) {
        chunks += 1;
        caller.abort();
      }
    })().catch((failure: unknown) => failure);
    expect(chunks).toBe(1);
    expect(error).toBeInstanceOf(APIUserAbortError);
  });

  it("ends when the caller's signal aborts before the loop begins", async () => {
    const { client, wasCancelled } = streamingClient(chunk('never read'));
    const caller = new AbortController();
    const stream = await client.chat.completions.create(body, { signal: caller.signal });
    caller.abort();
    expect(wasCancelled()).toBe(true);
    const error = await drain(stream);
    expect(error).toBeInstanceOf(APIUserAbortError);
  });

  it.each([
    ['without an event name, as the simulator sends it', ''],
    ['named error, as toReadableStream() passes it on', 'event: error\n'],
  ])('throws the APIError of an error event %s, after the chunks before it', async (_, name) => {
    // The spec names no event type for a failure after the stream started: both forms are its error event.
    const failure = JSON.stringify({
      error: { message: 'slow down', type: 'rate_limit_error', code: null, param: null, requestId: 'req_s' },
    });
    const { client } = streamingClient(`${chunk('one')}${name}data: ${failure}\n\n`);
    const seen: unknown[] = [];
    const error = await (async () => {
      try {
        for await (const part of await client.chat.completions.create(body)) seen.push(part);
      } catch (thrown) {
        return thrown;
      }
    })();
    expect(seen).toHaveLength(1);
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({ status: 429, message: expect.stringContaining('slow down') });
  });

  it('names no origin when it ends early as a stream read back, which has no address', async () => {
    const readable = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(chunk('cut')));
        controller.close();
      },
    });
    const error = await drain(EventStream.fromReadableStream(readable));
    expect(error).toBeInstanceOf(APIConnectionError);
    expect((error as APIConnectionError).origin).toBeUndefined();
    expect((error as Error).message).toBe('The stream ended before [DONE]: the answer is incomplete');
    expect(error).not.toHaveProperty('cause');
  });
});
