import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parsedOrText, sendRaw } from '@inference-infra/test-kit/rawHttp';
import { bytesOf, fuzzSeed, rawRequests } from '@inference-infra/test-kit/rawRequests';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

/** Cases per run: a fixed budget, so CI's time is known (each case is three requests over real sockets). */
const numRuns = 300;
const seed = fuzzSeed();
const script = fileURLToPath(new URL('../scripts/servePlayground.js', import.meta.url));

let server: ChildProcess;
let origin = '';
let exit: number | null | undefined;
let requestsSent = 0;

beforeAll(async () => {
  // `pnpm start`'s server as a real process, in front of the test's simulator.
  server = spawn(
    process.execPath,
    [script, '--port', '0', '--base-url', inject('mockBaseUrl'), '--platform-url', inject('mockPlatformUrl')],
    { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, INFERENCE_INFRA_API_KEY: 'ii_live_mock' } },
  );
  server.once('exit', (code) => (exit = code));
  origin = await new Promise<string>((resolve, reject) => {
    let output = '';
    server.stdout?.on('data', (chunk) => {
      output += chunk;
      const url = /Playground: (http:\/\/\S+?)\/?$/m.exec(output)?.[1];
      if (url) resolve(url);
    });
    server.once('exit', () => reject(new Error(`the playground server exited before listening: ${output}`)));
  });
});

afterAll(() => {
  console.log(
    `playground server fuzz: seed ${seed} (FUZZ_SEED=${seed} replays it), ${numRuns} cases, ${requestsSent} requests sent`,
  );
  server?.kill('SIGTERM');
});

const requests = rawRequests({
  targets: [
    '/',
    '/index.html',
    '/pricing',
    '/../../etc/passwd',
    '/%2e%2e/%2e%2e/etc/passwd',
    '/v1/chat/completions',
    '/v1/embeddings',
    '/v1/images/generations',
    '/api/v1/instances/types?gpu_type=H100',
    '/api/v1/storage/vol_training',
    '/api/v1/storage/..%2F..%2Fadmin',
    '/api/v1/billing/transactions?limit=5',
  ],
  headerLines: ['authorization: Bearer ii_live_stolen', 'cookie: session=1', 'x-simulate: status=500'],
  bodies: [
    '{"model":"m","messages":[{"role":"user","content":"hi"}]}',
    '{"model":"m","messages":[{"role":"user","content":"hi"}],"stream":true}',
    '{"size_gb":200}',
    '{"size_gb":9}',
  ],
});

async function stillServes() {
  requestsSent += 2;
  const [page, api] = await Promise.all([fetch(`${origin}/`), fetch(`${origin}/api/v1/instances/types`)]);
  await Promise.all([page.arrayBuffer(), api.arrayBuffer()]);
  return page.status === 200 && api.status === 200;
}

describe("the playground's server (files, pricing page, API route), fuzzed with raw HTTP requests", () => {
  it(`answers every generated request and keeps serving (${numRuns} cases)`, async () => {
    const port = Number(new URL(origin).port);
    await fc.assert(
      fc.asyncProperty(requests, async (request) => {
        const { bytes, whole } = bytesOf(request);
        requestsSent += 1;
        const exchange = await sendRaw(port, { bytes, closeAfterSend: !whole });
        if (whole) {
          expect(exchange.text, 'an HTTP answer').toMatch(/^HTTP\/1\.1 \d{3} [^\r\n]*\r\n/);
          const refused = (exchange.status ?? 0) >= 400 && exchange.body !== '';
          if (refused && exchange.ended === 'answered' && request.method !== 'HEAD') {
            // Every refusal (the server's, the route's, the API's own passed on) is the spec's error body.
            expect(parsedOrText(exchange.body), exchange.text.slice(0, 400)).toMatchObject({
              error: { message: expect.any(String), type: expect.any(String) },
            });
          }
        }
        expect(exchange.text).not.toContain('ii_live_mock');
        expect(await stillServes()).toBe(true);
        expect(exit).toBeUndefined();
      }),
      { numRuns, seed, endOnFailure: true },
    );
  }, 240_000);
});
