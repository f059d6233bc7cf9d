import type {
  CheckEndEvent,
  ReportedTarget,
  Reporter,
  RunErrorEvent,
  SuiteResult,
} from '../engine/events.js';
import type { Exchange } from '../transport/exchange.js';

/** A small run, fed to a reporter as the runner would: one pass, one skip, one failure whose body needs escaping. */
export const target: ReportedTarget = {
  kind: 'live',
  baseUrl: 'http://127.0.0.1:9/v1',
  platformUrl: 'http://127.0.0.1:9',
  allowMutations: false,
  viaPrismProxy: false,
};

export const exchange: Exchange = {
  operationId: 'listInstanceTypes',
  startedAt: '2026-01-02T03:04:05.000Z',
  method: 'GET',
  url: 'http://127.0.0.1:9/api/v1/instances/types?gpu_type=H100',
  requestHeaders: { accept: 'application/json', authorization: 'Bearer [redacted]' },
  status: 500,
  statusText: 'Internal Server Error',
  responseHeaders: [['content-type', 'application/json']],
  responseBody: '{"error":{"message":"<oops> & \\"quoted\\" ```"}}',
  responseBodySize: 4000,
  durationMs: 12.5,
};

const check = (name: string, operationId = 'listInstanceTypes') => ({
  fullName: `${operationId} › ${name}`,
  name,
  operationId,
  tags: ['Instances'],
  kind: 'semantic' as const,
});

export const checkEnds: CheckEndEvent[] = [
  { index: 0, check: check('sorts by hourly_rate'), outcome: 'passed', durationMs: 3, exchanges: [exchange] },
  {
    index: 1,
    check: check('answers the volume at the requested size', 'resizeVolume'),
    outcome: 'skipped',
    reason: 'state-changing or billable call: run with --allow-mutations',
    durationMs: 0,
    exchanges: [],
  },
  {
    index: 2,
    check: check('honours the gpu_type filter <H100>'),
    outcome: 'failed',
    message: 'GET /api/v1/instances/types → 500: expected status 200 & "a list"\nsecond line',
    reproduction: `  reproduce: curl -sS -X GET "authorization: Bearer $INFERENCE_INFRA_API_KEY" 'http://127.0.0.1:9/api/v1/instances/types'\n  answer: 500 {"error":{}}`,
    durationMs: 14,
    exchanges: [
      exchange,
      { ...exchange, status: 0, statusText: '', responseBody: '', responseBodySize: 0, error: 'ECONNRESET' },
    ],
  },
];

export const result: SuiteResult = {
  passed: 1,
  failed: [{ name: checkEnds[2]?.check.fullName ?? '', message: checkEnds[2]?.message ?? '' }],
  skipped: new Map([['state-changing or billable call: run with --allow-mutations', 1]]),
  errors: [],
  coverage: {
    operations: { exercised: 1, total: 6 },
    statuses: { exercised: 2, total: 32 },
    notExercised: [],
  },
  seed: 77,
};

export async function feed(reporter: Reporter): Promise<void> {
  await reporter.onRunStart?.({
    target,
    checkCount: 3,
    seed: 77,
    startedAt: exchange.startedAt,
    preflight: [exchange],
  });
  for (const event of checkEnds) {
    await reporter.onCheckStart?.({ index: event.index, check: event.check });
    await reporter.onCheckEnd?.(event);
  }
  await reporter.onRunEnd?.({ target, result, summary: 'SUMMARY-TEXT', exitCode: 1, durationMs: 30 });
}

/** A run the pre-flight stopped, after one exchange. */
export const runError = (message: string): RunErrorEvent => ({ message, target, preflight: [exchange] });
