import type { SimulatorInterceptor, SimulatorOptions } from '@inference-infra/mock-server';
import type { InstanceType } from '@inference-infra/types';

/**
 * A server that follows the spec while making another of its legal choices. The suite must pass it: a check that
 * fails a conforming server is worse than a missing check. `skips` are the only skip reasons allowed, as patterns.
 */
export interface ConformingVariant {
  name: string;
  options?: SimulatorOptions;
  intercept?: SimulatorInterceptor;
  skips?: RegExp[];
  /** Answers some requests 429: the run must have waited them out. */
  rateLimited?: boolean;
}

const type = (
  id: string,
  gpu_type: string,
  gpu_count: number,
  region: string,
  hourly_rate: number,
): InstanceType => ({
  id,
  gpu_type,
  gpu_count,
  cpu_cores: 8 * Math.max(1, gpu_count),
  memory_gb: 30.5 * Math.max(1, gpu_count),
  storage_gb: 200,
  region,
  hourly_rate,
  deployment_type: 'reserved',
});

/** Another provider's catalogue: fractional GPU counts (shared GPUs), other names and regions, equal prices. */
const otherCatalogue: InstanceType[] = [
  type('gpu-shared-t4', 'T4', 0.25, 'eu-central-1', 0.11),
  type('gpu-half-a10', 'A10', 0.5, 'eu-central-1', 0.31),
  type('gpu-a10-1', 'A10', 1, 'eu-central-1', 0.62),
  type('gpu-a10-1-us', 'A10', 1, 'us-west-2', 0.62),
  type('gpu-mi300x-8', 'MI300X', 8, 'us-west-2', 31.2),
  type('gpu-a10-2', 'A10', 2, 'us-west-2', 1.24),
  type('gpu-t4-4', 'T4', 4, 'eu-central-1', 1.24),
];

/**
 * Puts a new transaction at the head of the ledger every few list requests: an account billed while the suite runs.
 * The counters live outside the interceptor, which the simulator calls afresh for every request.
 */
function ledgerBilledDuringTheRun(): SimulatorInterceptor {
  let lists = 0;
  let added = 0;
  return (next, state) => (req) => {
    if (req.operationId === 'listBillingTransactions') {
      lists += 1;
      const key = /^Bearer +(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
      if (key && lists % 7 === 0) {
        added += 1;
        const ledger = state.workspace(key).ledger;
        ledger.unshift({
          type: 'usage',
          transaction: {
            id: `txn_during_run_${added}`,
            projectId: ledger[0]?.transaction.projectId ?? 'prj_contract',
            amount: -0.42,
            description: 'GPU usage billed while the suite runs',
            createdAt: new Date(
              Date.parse(ledger[0]?.transaction.createdAt ?? '2026-11-20T18:00:00Z') + 60_000,
            ).toISOString(),
          },
        });
      }
    }
    return next(req);
  };
}

const dateTimeInUtc = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;

/** `instant` (an RFC 3339 time in UTC) written at `offsetMinutes` from UTC: the same instant, another spelling. */
function atOffset(instant: string, offsetMinutes: number): string {
  const fraction = /\.\d+/.exec(instant)?.[0] ?? '';
  const local = new Date(Date.parse(instant) + offsetMinutes * 60_000).toISOString().slice(0, 19);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const hours = String(Math.floor(Math.abs(offsetMinutes) / 60)).padStart(2, '0');
  const minutes = String(Math.abs(offsetMinutes) % 60).padStart(2, '0');
  return `${local}${fraction}${sign}${hours}:${minutes}`;
}

/**
 * Every date-time of every answer at another RFC 3339 offset, a different one each answer (`+01:00`, `-05:30`, `+00:00`,
 * `+05:45`): the same instants, as a server in another time zone writes them. A check comparing them as strings fails it.
 */
function datesAtOtherOffsets(): SimulatorInterceptor {
  const offsets = [60, -330, 0, 345];
  let answers = 0;
  const rewrite = (value: unknown, offset: number): unknown => {
    if (typeof value === 'string') return dateTimeInUtc.test(value) ? atOffset(value, offset) : value;
    if (Array.isArray(value)) return value.map((item) => rewrite(item, offset));
    if (value !== null && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, rewrite(v, offset)]));
    return value;
  };
  return (next) => (req) => {
    const res = next(req);
    if (res.json === undefined) return res;
    answers += 1;
    return { ...res, json: rewrite(res.json, offsets[answers % offsets.length] ?? 0) };
  };
}

/** Streams whose lines end with a bare CR, which the SSE standard allows as much as LF and CRLF. */
const bareCrStreams: SimulatorInterceptor = (next) => (req) => {
  const res = next(req);
  if (!res.events) return res;
  const { events, ...rest } = res;
  const text = events.map((data) => `data: ${data}\r\r`).join('');
  return {
    ...rest,
    headers: { ...res.headers, 'content-type': 'text/event-stream; charset=utf-8' },
    bytes: new Uint8Array(Buffer.from(text)),
  };
};

export const conformingVariants: ConformingVariant[] = [
  { name: 'event streams whose lines end with a bare CR', intercept: bareCrStreams },
  { name: 'lists with meta.requestId alone (no hasMore, no total)', options: { listMeta: 'none' } },
  { name: 'lists with meta.total alone', options: { listMeta: 'total' } },
  { name: 'lists with meta.hasMore alone', options: { listMeta: 'hasMore' } },
  { name: 'caps every page at 7 items whatever the limit', options: { maxPageSize: 7 } },
  { name: 'a small ledger of 3 transactions', options: { transactionCount: 3 } },
  { name: 'an empty ledger', options: { transactionCount: 0 } },
  {
    name: 'another catalogue, with fractional GPU counts and equal prices',
    options: { instanceTypes: otherCatalogue },
  },
  {
    name: 'a ledger longer than the suite reads (12,000 transactions)',
    options: { transactionCount: 12_000 },
    skips: [/holds more than the 10000 transactions of 100 pages/],
  },
  { name: 'date-times at other RFC 3339 offsets, one per answer', intercept: datesAtOtherOffsets() },
  {
    // Retry-After 0 keeps the suite's own run short; the waits themselves are proven in run/rateLimit.test.ts.
    name: 'answers every fifth request 429 with Retry-After, as any operation may (rate-limit-429)',
    options: { faults: [{ every: 5, simulate: 'status=429;retry-after=0' }] },
    rateLimited: true,
  },
  {
    name: 'a ledger billed while the suite runs',
    intercept: ledgerBilledDuringTheRun(),
    skips: [/the ledger grew during the run/, /the list changed during the run/],
  },
];
