import { parsedOrText, sendRaw } from '@inference-infra/test-kit/rawHttp';
import { bytesOf, fuzzSeed, rawRequests } from '@inference-infra/test-kit/rawRequests';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schemaErrors } from '../test/errorBodySchema.js';
import { type MockProcess, startMockProcess } from '../test/mockProcess.js';

/** Cases per run: a fixed budget, so CI's time is known (each case is two requests over real sockets). */
const numRuns = 500;
/** Printed, and taken from FUZZ_SEED when set, so a failure can be replayed exactly. */
const seed = fuzzSeed();
const key = 'ii_live_fuzz';

let mock: MockProcess;
let requestsSent = 0;
beforeAll(async () => {
  mock = await startMockProcess(['--stream-interval-ms', '0']);
});
afterAll(async () => {
  console.log(`listener fuzz: seed ${seed}, ${numRuns} cases, ${requestsSent} requests sent`);
  await mock.stop();
});

/** The simulator's own targets, headers and bodies, besides those every server is fuzzed with. */
const requests = fc.record({
  request: rawRequests({
    targets: [
      '/v1/chat/completions',
      '/v1/embeddings',
      '/v1/images/generations',
      '/api/v1/instances/types?gpu_type=H100&gpu_count=8',
      '/api/v1/storage/vol_training',
      '/api/v1/storage/%2e%2e',
      '/api/v1/billing/transactions?limit=0&offset=-1&type=CREDIT',
      '/__simulator/reset',
      '/__simulator/images/img_x.png',
    ],
    headerLines: [
      `authorization: Bearer ${key}`,
      'authorization: Bearer not-a-key',
      'x-simulate: status=500',
      'x-simulate: stream-cut-after=1',
      'x-simulate: status=429;retry-after=1',
      'x-simulate: ;;=',
    ],
    bodies: [
      '{"model":"m","messages":[{"role":"user","content":"hi"}]}',
      '{"model":"m","messages":[{"role":"user","content":"hi"}],"stream":true}',
      '{"model":"m","input":["a","b"]}',
      '{"model":"m","input":"a","encoding_format":"base64"}',
      '{"model":"m","prompt":"p","aspect_ratio":"16:9","response_format":"b64_json","width":256}',
      '{"size_gb":200}',
      '{"size_gb":10001}',
    ],
  }),
  platform: fc.boolean(),
});

async function ordinaryRequestAnswers() {
  requestsSent += 1;
  const answer = await fetch(`${mock.platformUrl}/api/v1/instances/types`, {
    headers: { authorization: `Bearer ${key}` },
  });
  return answer.status === 200;
}

describe('the mock process, fuzzed with raw HTTP requests', () => {
  it(`answers every generated request with well-formed HTTP and keeps serving (${numRuns} cases)`, async () => {
    await fc.assert(
      fc.asyncProperty(requests, async ({ request, platform }) => {
        const { bytes, whole } = bytesOf(request);
        requestsSent += 1;
        const exchange = await sendRaw(platform ? mock.platformPort : mock.inferencePort, {
          bytes,
          closeAfterSend: !whole,
        });
        if (whole) {
          // An answer is owed: a status line at least (a stream cut on purpose ends after it).
          expect(exchange.status, exchange.text.slice(0, 300)).toBeGreaterThanOrEqual(100);
          expect(exchange.text).toMatch(/^HTTP\/1\.1 \d{3} [^\r\n]*\r\n/);
          const isError = (exchange.status ?? 0) >= 400;
          if (isError && exchange.ended === 'answered' && request.method !== 'HEAD') {
            expect(exchange.headers['content-type'], exchange.text).toBe('application/json');
            expect(schemaErrors('ErrorResponse', parsedOrText(exchange.body)), exchange.text).toEqual([]);
          }
        }
        expect(await ordinaryRequestAnswers()).toBe(true);
        expect(mock.exitCode()).toBeUndefined();
      }),
      { numRuns, seed, endOnFailure: true },
    );
    expect(mock.stderr()).toBe('');
  }, 240_000);
});
