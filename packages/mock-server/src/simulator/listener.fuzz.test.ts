import { describeDoorFuzz, type FuzzedDoor } from '@inference-infra/test-kit/doorFuzz';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { schemaErrors } from '../test/errorBodySchema.js';
import { type MockProcess, startMockProcess } from '../test/mockProcess.js';

const key = 'ii_live_fuzz';
const authorization = `authorization: Bearer ${key}`;

let mock: MockProcess;
beforeAll(async () => {
  mock = await startMockProcess(['--stream-interval-ms', '0']);
});
afterAll(async () => {
  await mock.stop();
});

/** The operations as the simulator serves them: inference under `/v1`, platform as the spec has them. */
const servedOperations = [
  '/v1/chat/completions',
  '/v1/embeddings',
  '/v1/images/generations',
  '/api/v1/instances/types',
  '/api/v1/storage/{id}',
  '/api/v1/billing/transactions',
  // The simulator's own routes beside the API's.
  '/__simulator/reset',
  '/__simulator/images/{id}',
];

async function ordinaryRequestAnswers() {
  const answer = await fetch(`${mock.platformUrl}/api/v1/instances/types`, {
    headers: { authorization: `Bearer ${key}` },
  });
  await answer.arrayBuffer();
  return answer.status === 200 && mock.exitCode() === undefined;
}

/** The mock process (the CLI as a user starts it), one door per base address, judged by the shared door fuzz suite. */
const simulatorDoor = (surface: string, portOf: () => number, probe: FuzzedDoor['probe']): FuzzedDoor => ({
  name: `the mock process's ${surface} address`,
  port: portOf,
  key,
  isErrorBody: (body) => schemaErrors('ErrorResponse', body).length === 0,
  stillServes: ordinaryRequestAnswers,
  paths: [
    '/v1/chat/completions',
    '/v1/embeddings',
    '/v1/images/generations',
    '/api/v1/instances/types',
    '/api/v1/storage/vol_training',
    '/api/v1/billing/transactions',
    '/__simulator/reset',
  ],
  headerLines: [authorization, 'x-simulate: status=500', 'x-simulate: stream-cut-after=1', 'x-simulate: ;;='],
  servedOperations,
  // A mock answers under any host name; pages on any loopback port are its own (a dev server's).
  policy: { hosts: 'any', origins: 'any-loopback' },
  probe,
  numRuns: 120,
  // 50 MB against the default 1 MB cap, with `Connection: close`: issue 45 saw a reset in 17 of 30 tries.
  oversizedBody: { bytes: 50 * 1024 * 1024 },
});

const embeddings = '{"model":"m","input":["a","b"]}';
describeDoorFuzz(
  simulatorDoor('inference', () => mock.inferencePort, {
    method: 'POST',
    target: '/v1/embeddings',
    headerLines: [authorization, 'content-type: application/json'],
    body: embeddings,
  }),
);
describeDoorFuzz(
  simulatorDoor('platform', () => mock.platformPort, {
    method: 'PATCH',
    target: '/api/v1/storage/vol_training',
    headerLines: [authorization, 'content-type: application/json'],
    body: '{"size_gb":600}',
  }),
);

it('wrote nothing to stderr while fuzzed', () => {
  expect(mock.stderr()).toBe('');
});
