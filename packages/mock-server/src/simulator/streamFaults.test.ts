import { fuzzSeed } from '@inference-infra/test-kit/rawRequests';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MockServer, startMockServer } from '../startMockServer.js';
import { schemaErrors } from '../test/errorBodySchema.js';
import { eventData, simulate, testKey } from '../test/inProcess.js';
import { malformedFrame, streamSteps } from './streamPlan.js';

const chat = { model: 'm', messages: [{ role: 'user', content: 'tell me about volumes' }], stream: true };

/** The events of one streamed chat of the in-process simulator, with `fault` in `X-Simulate`. */
async function streamed(fault: string) {
  const { post } = simulate({ streamEventIntervalMs: 0 });
  const answer = await post('/chat/completions', chat, { simulate: fault });
  return { ...answer, events: eventData(answer.text) };
}

describe('stream faults', () => {
  it('sends the spec error event after stream-error-after chunks, then ends without [DONE]', async () => {
    const { status, events } = await streamed('stream-error-after=3');
    expect(status).toBe(200);
    expect(events).toHaveLength(4);
    for (const event of events.slice(0, 3)) expect(JSON.parse(event).object).toBe('chat.completion.chunk');
    const body = JSON.parse(events[3] as string);
    expect(schemaErrors('ErrorResponse', body)).toEqual([]);
    expect(body.error).toMatchObject({ type: 'server_error', code: 'simulated_stream_failure' });
    expect(events).not.toContain('[DONE]');
  });

  it('gives the error event the type of stream-error-status', async () => {
    const { events } = await streamed('stream-error-after=0;stream-error-status=429');
    expect(events).toHaveLength(1);
    expect(JSON.parse(events[0] as string).error.type).toBe('rate_limit_error');
  });

  it('sends a frame that is not JSON after stream-malformed-after chunks, then ends', async () => {
    const { text, events } = await streamed('stream-malformed-after=2');
    expect(events).toHaveLength(3);
    expect(() => JSON.parse(events[2] as string)).toThrow();
    expect(text.endsWith(malformedFrame)).toBe(true);
  });

  it('stalls for stream-stall-ms after stream-stall-after chunks, then finishes the stream', async () => {
    const started = performance.now();
    const { events } = await streamed('stream-stall-after=2;stream-stall-ms=150');
    expect(performance.now() - started).toBeGreaterThanOrEqual(145);
    expect(events.at(-1)).toBe('[DONE]');
  });

  it('drips: stream-drip-ms between chunks, the same chunks as without it', async () => {
    const plain = await streamed('');
    const started = performance.now();
    const dripped = await streamed('stream-drip-ms=10');
    expect(performance.now() - started).toBeGreaterThanOrEqual((plain.events.length - 1) * 10 - 5);
    // The same deltas (`created` is the clock's second, which two streams may straddle).
    const deltas = (events: string[]) =>
      events.map((event) => (event === '[DONE]' ? event : JSON.parse(event).choices[0]?.delta));
    expect(deltas(dripped.events)).toEqual(deltas(plain.events));
  });

  it('ends a stalled stream at once when the client aborts, leaving no wait behind', async () => {
    const { simulator } = simulate({ streamEventIntervalMs: 0 });
    const controller = new AbortController();
    const response = await simulator.fetch('http://127.0.0.1:4010/v1/chat/completions', {
      method: 'POST',
      signal: controller.signal,
      headers: {
        authorization: `Bearer ${testKey}`,
        'content-type': 'application/json',
        'x-simulate': 'stream-stall-after=1;stream-stall-ms=600000',
      },
      body: JSON.stringify(chat),
    });
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    expect((await reader.read()).done).toBe(false);
    const pending = reader.read();
    controller.abort();
    await expect(pending).rejects.toThrow();
  });

  it('applies the failing-streams scenario to every streamed chat, without a header', async () => {
    const { post } = simulate({ scenario: 'failing-streams', streamEventIntervalMs: 0 });
    const events = eventData((await post('/chat/completions', chat)).text);
    expect(events).toHaveLength(4);
    expect(JSON.parse(events[3] as string).error.code).toBe('simulated_stream_failure');
  });

  it('refuses a stall, drip or error status out of bounds, naming the part', async () => {
    const { call } = simulate();
    for (const [header, rule] of [
      ['stream-stall-ms=600001', /stream-stall-ms must be a whole number from 0 to 600000/],
      ['stream-drip-ms=x', /stream-drip-ms must be a whole number/],
      ['stream-error-status=200', /stream-error-status must be a whole number from 400 to 599/],
    ] as const) {
      const answer = await call('/chat/completions', { method: 'POST', body: '{}', simulate: header });
      expect(answer.status, header).toBe(400);
      expect(answer.body.error.message).toMatch(rule);
    }
  });
});

const seed = fuzzSeed();
afterAll(() => console.log(`stream fault plans: seed ${seed} (FUZZ_SEED=${seed} replays it)`));

describe('the plan of a faulted stream', () => {
  it('ends exactly once, after the earliest fault that ends it, and waits only where asked', () => {
    const after = fc.option(fc.integer({ min: 0, max: 30 }), { nil: undefined });
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 }),
        after,
        after,
        after,
        after,
        fc.integer({ min: 0, max: 50 }),
        (chunks, cutAfterEvents, errorEventAfter, malformedAfterEvents, stallAfterEvents, interval) => {
          const events = [...Array.from({ length: chunks }, (_, i) => `{"n":${i}}`), '[DONE]'];
          const steps = streamSteps(
            {
              status: 200,
              headers: {},
              events,
              cutAfterEvents,
              errorEventAfter,
              errorEvent: errorEventAfter === undefined ? undefined : '{"error":{}}',
              malformedAfterEvents,
              stallAfterEvents,
              stallMs: 1000,
            },
            interval,
          );
          expect(steps.filter((step) => step.end !== undefined)).toHaveLength(1);
          expect(steps.at(-1)?.end).toBeDefined();
          const frames = steps.flatMap((step) => (step.frame === undefined ? [] : [step.frame]));
          // A cut counts every event, `[DONE]` too; the error and the broken frame take `[DONE]`'s place at most.
          const ends = [
            cutAfterEvents,
            ...[errorEventAfter, malformedAfterEvents].map((n) =>
              n === undefined ? n : Math.min(n, chunks),
            ),
          ].filter((n): n is number => n !== undefined);
          const firstEnd = Math.min(Number.POSITIVE_INFINITY, ...ends);
          const cleanFrames = frames.filter((frame) => frame.startsWith('data: {"n":'));
          expect(cleanFrames).toHaveLength(Math.min(firstEnd, chunks));
          expect(frames.includes('data: [DONE]\n\n')).toBe(firstEnd > chunks);
          const stalls = steps.filter((step) => step.waitMs >= 1000);
          expect(stalls.length).toBeLessThanOrEqual(1);
        },
      ),
      { seed },
    );
  });
});

describe('stream faults over HTTP', () => {
  const headers = { authorization: 'Bearer ii_live_streamfaults', 'content-type': 'application/json' };
  let mock: MockServer;
  beforeAll(async () => {
    mock = await startMockServer({ streamEventIntervalMs: 0 });
  });
  afterAll(() => mock.close());

  const post = (fault: string, signal?: AbortSignal) =>
    fetch(`${mock.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: { ...headers, 'x-simulate': fault },
      body: JSON.stringify(chat),
      signal,
    });

  it('sends the error event and ends the body normally, without [DONE]', async () => {
    const events = eventData(await (await post('stream-error-after=2')).text());
    expect(events).toHaveLength(3);
    expect(schemaErrors('ErrorResponse', JSON.parse(events[2] as string))).toEqual([]);
  });

  it('holds a stalled stream open, and lets it go when the client leaves', async () => {
    const controller = new AbortController();
    const response = await post('stream-stall-after=1;stream-stall-ms=600000', controller.signal);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toMatch(/^data: \{/);
    controller.abort();
    await expect(reader.read()).rejects.toThrow();
    // The server goes on serving after the client left in the middle of a stall.
    expect(eventData(await (await post('stream-malformed-after=0')).text())).toHaveLength(1);
  });
});
