import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { conformanceProblems } from '../judgements/conformance.js';
import { createSchemaValidator } from '../model/schemaValidator.js';
import { loadContractSpec } from '../model/spec.js';
import { createCoverageRecorder } from './coverage.js';
import { createExchangeLog } from './exchange.js';
import { createContractHttp } from './http.js';
import {
  createRateLimiter,
  formatRateLimitStats,
  maxRateLimitedAttempts,
  parseRetryAfter,
  type RateLimiter,
} from './rateLimit.js';
import type { Target } from './target.js';

const spec = loadContractSpec();
const validator = createSchemaValidator(spec.document);
const op = spec.operation('listInstanceTypes');
const key = 'ii_live_ratelimittest01';

/** The spec's 429: the error body, its request id in the header, and `Retry-After` as given (none when undefined). */
function tooManyRequests(res: ServerResponse, retryAfter: string | undefined, body?: unknown) {
  const requestId = `req_${Math.random().toString(36).slice(2)}`;
  res.writeHead(429, {
    'content-type': 'application/json',
    'x-request-id': requestId,
    ...(retryAfter === undefined ? {} : { 'retry-after': retryAfter }),
  });
  res.end(
    JSON.stringify(
      body ?? {
        error: { message: 'slow down', type: 'rate_limit_error', code: null, param: null, requestId },
      },
    ),
  );
}

let server: Server | undefined;
afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = undefined;
});

/** A real server on 127.0.0.1 answering each request with the next of `answers` (the last one repeats). */
async function serve(answers: Array<(res: ServerResponse, req: IncomingMessage) => void>): Promise<Target> {
  let count = 0;
  const listening = createServer((req, res) => {
    const answer = answers[Math.min(count, answers.length - 1)];
    count += 1;
    answer?.(res, req);
  });
  server = listening;
  await new Promise<void>((resolve) => listening.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
  return {
    kind: 'live',
    baseUrl: `${url}/v1`,
    platformUrl: url,
    apiKey: key,
    allowMutations: false,
    models: {},
    requestTimeoutMs: 5000,
  };
}

const ok = (res: ServerResponse) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end('{"data":[]}');
};

/** A limiter whose waits are recorded and taken at once, so the test does not sleep. */
function recordingLimiter(budgetMs = 60_000): { limiter: RateLimiter; waits: number[] } {
  const waits: number[] = [];
  const limiter = createRateLimiter({
    budgetMs,
    sleep: async (ms) => {
      waits.push(ms);
    },
  });
  return { limiter, waits };
}

function httpFor(target: Target, limiter: RateLimiter) {
  const log = createExchangeLog();
  const http = createContractHttp(target, createCoverageRecorder(), log, {
    rateLimiter: limiter,
    rateLimitedAnswerProblems: (response) => conformanceProblems(validator, response),
  });
  return { http, log };
}

describe('a 429 answer', () => {
  it('is waited out for its Retry-After seconds and the same request sent again', async () => {
    const target = await serve([(res) => tooManyRequests(res, '2'), (res) => tooManyRequests(res, '1'), ok]);
    const { limiter, waits } = recordingLimiter();
    const { http, log } = httpFor(target, limiter);
    const answer = await http.send({ op, query: { region: 'us-east-1' } });
    expect(answer.status).toBe(200);
    expect(waits).toEqual([2000, 1000]);
    const exchanges = log.take();
    expect(exchanges.map((e) => e.status)).toEqual([429, 429, 200]);
    expect(new Set(exchanges.map((e) => e.url)).size).toBe(1);
    expect(limiter.stats()).toMatchObject({ answers: 2, waitedMs: 3000, withoutRetryAfter: 0 });
  });

  it('really waits: a Retry-After of one second holds the next request back a second', async () => {
    const target = await serve([(res) => tooManyRequests(res, '1'), ok]);
    const limiter = createRateLimiter({ budgetMs: 10_000 });
    const { http, log } = httpFor(target, limiter);
    await http.send({ op });
    const [first, second] = log.take();
    // Not a timing assertion of our speed: a lower bound the server asked for, which only a skipped wait breaks.
    expect(Date.parse(second?.startedAt ?? '') - Date.parse(first?.startedAt ?? '')).toBeGreaterThanOrEqual(
      990,
    );
  });

  it('with Retry-After as an HTTP date breaks the spec (whole seconds), and the limiter still reads the date', async () => {
    const inThreeSeconds = new Date(Date.now() + 3000).toUTCString();
    const target = await serve([
      (res) => tooManyRequests(res, inThreeSeconds),
      (res) => tooManyRequests(res, inThreeSeconds),
      ok,
    ]);
    const judged = await httpFor(target, recordingLimiter().limiter)
      .http.send({ op })
      .catch((e: Error) => e);
    expect(String(judged)).toMatch(/header retry-after ".*GMT" breaks its schema: \(root\): must be integer/);
    // Without the spec's judgement (a transport used on its own), the date is read as the wait it names.
    const { limiter, waits } = recordingLimiter();
    await createContractHttp(target, createCoverageRecorder(), undefined, { rateLimiter: limiter }).send({
      op,
    });
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThan(1000);
    expect(waits[0]).toBeLessThanOrEqual(3000);
  });

  it('without a readable Retry-After is waited out with a doubling backoff, and counted as such', async () => {
    const target = await serve([
      (res) => tooManyRequests(res, undefined),
      (res) => tooManyRequests(res, undefined),
      ok,
    ]);
    const { limiter, waits } = recordingLimiter();
    // The spec's Retry-After header is not marked required, so its absence is no violation: the suite waits anyway.
    await httpFor(target, limiter).http.send({ op });
    expect(waits).toEqual([1000, 2000]);
    expect(limiter.stats().withoutRetryAfter).toBe(2);
  });

  it('fails naming the rate limit and --rate-limit-budget when a wait would pass the budget, without waiting', async () => {
    const target = await serve([(res) => tooManyRequests(res, '30'), ok]);
    const { limiter, waits } = recordingLimiter(10_000);
    const error = await httpFor(target, limiter)
      .http.send({ op })
      .catch((e: Error) => e);
    expect(String(error)).toMatch(/rate limited: listInstanceTypes was answered 429 asking to wait 30 s/);
    expect(String(error)).toMatch(/--rate-limit-budget/);
    expect(String(error)).toMatch(/reproduce: curl/);
    expect(waits).toEqual([]);
  });

  it(`gives up on a request after ${maxRateLimitedAttempts} answers 429 in a row, naming --max-rps`, async () => {
    const target = await serve([(res) => tooManyRequests(res, '0')]);
    const { limiter } = recordingLimiter();
    const error = await httpFor(target, limiter)
      .http.send({ op })
      .catch((e: Error) => e);
    expect(String(error)).toMatch(/answered 429 10 times in a row/);
    expect(String(error)).toMatch(/--max-rps/);
  });

  it('that breaks the spec fails the check instead of being waited out', async () => {
    const target = await serve([(res) => tooManyRequests(res, '1', { message: 'slow down' }), ok]);
    const { limiter, waits } = recordingLimiter();
    const error = await httpFor(target, limiter)
      .http.send({ op })
      .catch((e: Error) => e);
    expect(String(error)).toMatch(
      /answered 429 \(rate limited\), and the answer breaks the spec: the body breaks/,
    );
    expect(waits).toEqual([]);
  });
});

describe('--max-rps', () => {
  it('spaces requests at least 1/N seconds apart', async () => {
    let clock = 0;
    const waits: number[] = [];
    const limiter = createRateLimiter({
      maxRequestsPerSecond: 4,
      now: () => clock,
      sleep: async (ms) => {
        waits.push(ms);
        clock += ms;
      },
    });
    for (let i = 0; i < 5; i += 1) await limiter.beforeSend();
    expect(waits).toEqual([250, 250, 250, 250]);
    clock += 1000;
    await limiter.beforeSend();
    expect(waits).toHaveLength(4);
    expect(limiter.stats().throttledMs).toBe(1000);
  });
});

describe('parseRetryAfter', () => {
  it('reads whole seconds exactly, whatever their size', () => {
    fc.assert(
      fc.property(fc.nat({ max: 10_000_000 }), (seconds) => {
        expect(parseRetryAfter(String(seconds), 0)).toBe(seconds * 1000);
        expect(parseRetryAfter(` ${seconds} `, 0)).toBe(seconds * 1000);
      }),
    );
  });

  it('reads no number in another form (fractions, signs, hex, exponents, empty)', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.double({ noNaN: true }).filter((n) => !Number.isInteger(n) || n < 0),
          fc.constantFrom('', ' ', '+4', '-1', '0x10', '1e3', '1.0', 'soon', '4 s'),
        ),
        (value) => {
          expect(parseRetryAfter(String(value), 0)).toBeUndefined();
        },
      ),
    );
  });

  it('reads an HTTP date as the time left until it, never negative', () => {
    fc.assert(
      fc.property(fc.integer({ min: -86_400, max: 86_400 }), (offsetSeconds) => {
        const now = Date.UTC(2026, 10, 27, 12, 0, 0);
        const date = new Date(now + offsetSeconds * 1000).toUTCString();
        expect(parseRetryAfter(date, now)).toBe(Math.max(0, offsetSeconds * 1000));
      }),
    );
  });
});

describe('the summary line', () => {
  it('says what was waited out, against which budget, and what --max-rps held back', () => {
    const stats = {
      answers: 131,
      withoutRetryAfter: 0,
      waitedMs: 131_000,
      budgetMs: 600_000,
      throttledMs: 0,
    };
    expect(formatRateLimitStats(stats)).toBe(
      'Rate limits: 131 answers 429 waited out and sent again, 131.0 s of the 600 s budget (--rate-limit-budget)',
    );
    expect(
      formatRateLimitStats({ ...stats, withoutRetryAfter: 2, maxRequestsPerSecond: 5, throttledMs: 2500 }),
    ).toBe(
      'Rate limits: 131 answers 429 waited out and sent again (2 without a readable Retry-After), 131.0 s of the 600 s budget (--rate-limit-budget); at most 5 requests a second (--max-rps; 2.5 s held back)',
    );
    expect(formatRateLimitStats({ ...stats, answers: 0, waitedMs: 0 })).toBeUndefined();
  });
});
