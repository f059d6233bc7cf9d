import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schemaErrors } from '../test/errorBodySchema.js';
import { type MockProcess, startMockProcess } from '../test/mockProcess.js';
import { sendRaw } from '../test/rawHttp.js';

/** Cases per run: a fixed budget, so CI's time is known (each case is two requests over real sockets). */
const numRuns = 500;
/** Printed, and taken from FUZZ_SEED when set, so a failure can be replayed exactly. */
const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
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

const bodies = fc.oneof(
  fc.constant(''),
  fc.constantFrom(
    '{"model":"m","messages":[{"role":"user","content":"hi"}]}',
    '{"model":"m","messages":[{"role":"user","content":"hi"}],"stream":true}',
    '{"model":"m","input":["a","b"]}',
    '{"model":"m","input":"a","encoding_format":"base64"}',
    '{"model":"m","prompt":"p","aspect_ratio":"16:9","response_format":"b64_json","width":256}',
    '{"size_gb":200}',
    '{"size_gb":10001}',
    `{"model":"m","input":${'['.repeat(5000)}${']'.repeat(5000)}}`,
    '\uFEFF{"size_gb":300}',
    '[]',
    'null',
  ),
  fc.json(),
  fc.string({ unit: 'binary', maxLength: 200 }),
);

const targets = fc.oneof(
  fc.constantFrom(
    '/v1/chat/completions',
    '/v1/embeddings',
    '/v1/images/generations',
    '/api/v1/instances/types?gpu_type=H100&gpu_count=8',
    '/api/v1/storage/vol_training',
    '/api/v1/storage/%2e%2e',
    '/api/v1/billing/transactions?limit=0&offset=-1&type=CREDIT',
    '/__simulator/reset',
    '/__simulator/images/img_x.png',
    '*',
    'http://[/x',
    'http://evil.example/v1/embeddings',
    '//evil.example/x',
    '/%zz',
  ),
  fc.webPath(),
  fc.string({ unit: 'binary-ascii', maxLength: 40 }),
);

const headerSets = fc.subarray([
  `authorization: Bearer ${key}`,
  'authorization: Bearer not-a-key',
  'content-type: application/json',
  'content-type: text/plain',
  'origin: http://evil.example',
  'origin: http://localhost:5173',
  'origin: null',
  'sec-fetch-site: cross-site',
  'x-simulate: status=500',
  'x-simulate: stream-cut-after=1',
  'x-simulate: status=429;retry-after=1',
  'x-simulate: ;;=',
  'expect: 100-continue',
  'accept: text/event-stream',
]);

/** How the body's length is declared: exactly, not at all, too long (the client then goes away), or as junk. */
const framings = fc.constantFrom('exact', 'none', 'too-long', 'junk', 'chunked');

const requests = fc.record({
  method: fc.oneof(
    fc.constantFrom('GET', 'POST', 'PATCH', 'OPTIONS', 'DELETE', 'PUT', 'HEAD'),
    fc.string({ unit: 'binary-ascii', minLength: 1, maxLength: 8 }),
  ),
  target: targets,
  host: fc.option(
    fc.oneof(
      fc.constantFrom('127.0.0.1', 'a b', '[', 'evil.example', '[::1]:99999'),
      fc.domain(),
      fc.string({ maxLength: 20 }),
    ),
    { nil: undefined },
  ),
  headers: headerSets,
  extraHeader: fc.option(
    fc.tuple(
      fc.string({ unit: 'binary-ascii', maxLength: 12 }),
      fc.string({ unit: 'binary', maxLength: 40 }),
    ),
    { nil: undefined },
  ),
  body: bodies,
  framing: framings,
  platform: fc.boolean(),
});

type GeneratedRequest = typeof requests extends fc.Arbitrary<infer T> ? T : never;

/** The request's bytes, and whether it is whole (an answer is owed) or the client goes away before its end. */
function bytesOf(request: GeneratedRequest): { bytes: Buffer; whole: boolean } {
  const body = Buffer.from(request.body, 'utf8');
  const lines = [`${request.method} ${request.target} HTTP/1.1`];
  if (request.host !== undefined) lines.push(`Host: ${request.host}`);
  lines.push(...request.headers);
  if (request.extraHeader) lines.push(`${request.extraHeader[0]}: ${request.extraHeader[1]}`);
  let payload = body;
  if (request.framing === 'exact') lines.push(`content-length: ${body.length}`);
  if (request.framing === 'too-long') lines.push(`content-length: ${body.length + 10}`);
  if (request.framing === 'junk') lines.push('content-length: 12abc');
  if (request.framing === 'chunked') {
    lines.push('transfer-encoding: chunked');
    payload = Buffer.concat([
      Buffer.from(body.length > 0 ? `${body.length.toString(16)}\r\n` : ''),
      body,
      Buffer.from(body.length > 0 ? '\r\n0\r\n\r\n' : '0\r\n\r\n'),
    ]);
  }
  if (request.framing === 'none') payload = Buffer.alloc(0);
  return {
    bytes: Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), payload]),
    whole: request.framing !== 'too-long',
  };
}

function parsedOrText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

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
      fc.asyncProperty(requests, async (request) => {
        const { bytes, whole } = bytesOf(request);
        requestsSent += 1;
        const exchange = await sendRaw(request.platform ? mock.platformPort : mock.inferencePort, {
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
