import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertCliBuilt } from '../test/builtCli.js';
import { type HostileAnswer, type HostileRequest, startHostileServer } from '../test/hostileServer.js';
import { keyLeaks } from '../test/keyLeaks.js';
import { runWithEveryReport } from '../test/reportedCliRun.js';

/**
 * Runs of the command per test run: a fixed budget, each up to 100 requests (about 20 on average).
 */
const numRuns = 30;
/**
 * One run in this many is the built command in a child process, as partners run it: what only a process shows (its
 * exit code, a warning or a crash on its stderr, a hang) is proven there. The others run the command's `runCli` in
 * this process, the same key, server and reports, without a Node start and the spec's schemas compiled anew each
 * time (most of a run's CPU). Which runs is fixed by their order, so FUZZ_SEED replays a failure the same way.
 */
const childProcessEvery = 5;
/** Printed before and after, and taken from FUZZ_SEED when set, so a failure can be replayed exactly. */
const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
/** Small enough that endless answers end fast, larger than the 64 KiB cut so that cut is exercised too. */
const maxAnswerBytes = 200_000;

const chars = (text: string) => fc.constantFrom(...text);
const sendableChar = fc.oneof(
  { weight: 12, arbitrary: chars('abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789') },
  { weight: 3, arbitrary: chars('_-.~+/=!$&\'()*,;:@[]{}"\\%`<>|#?') },
  { weight: 1, arbitrary: chars(' \téÿ\u0085\u00a0') },
);
const anyChar = fc.oneof(
  { weight: 4, arbitrary: sendableChar },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 0x1f }).map((code) => String.fromCharCode(code)) },
  { weight: 1, arbitrary: chars('\u007f\u0141\u2028\ud83d\ude00\ufffd') },
);

/**
 * Keys are pieces of up to 6 characters joined by `§`, which nothing the command writes on its own contains: every run
 * of 8 characters of such a key holds a `§`, so finding one in an output can only mean the key got there, never that
 * a report's own words happen to match (a key of all `a`s would "leak" into any text with 8 `a`s in a row). NUL is
 * left out: no process environment can carry it.
 */
function keyOf(char: fc.Arbitrary<string>) {
  return fc
    .tuple(
      fc.constantFrom('', 'ii_live_', 'sk-'),
      fc.array(fc.string({ unit: char, minLength: 1, maxLength: 6 }), { minLength: 2, maxLength: 7 }),
      fc.constantFrom('', '', '\n', ' '),
    )
    .map(([prefix, pieces, end]) => `${prefix}${pieces.join('§')}${end}`);
}
// Mostly keys fetch can send (so the server gets them to echo), some it cannot (so the pre-flight refuses them).
const keys = fc.oneof(
  { weight: 3, arbitrary: keyOf(sendableChar) },
  { weight: 1, arbitrary: keyOf(anyChar) },
);

/** Offsets around every place the command cuts an answer, and anywhere else. */
const cutOffsets = fc.oneof(
  fc
    .tuple(fc.constantFrom(40, 80, 120, 157, 200, 500, 65_536), fc.integer({ min: -30, max: 5 }))
    .map(([c, d]) => c + d),
  fc.nat({ max: 70_000 }),
);

const echoes = fc.constantFrom('raw', 'json', 'percent', 'piece', 'twice', 'authorization');

const answers = fc.record({
  status: fc.constantFrom(200, 200, 400, 401, 404, 409, 500),
  reason: fc.constantFrom('none', 'authorization', 'key', 'json'),
  headers: fc.subarray(['x-echo', 'www-authenticate', 'x-request-id', 'named']),
  echo: echoes,
  offset: cutOffsets,
  shape: fc.constantFrom('json', 'plain', 'events'),
  framing: fc.constantFrom('whole', 'whole', 'whole', 'whole', 'cut', 'endless'),
  headEncoding: fc.constantFrom('latin1', 'utf8'),
});
type AnswerPlan = typeof answers extends fc.Arbitrary<infer T> ? T : never;

const runs = fc.record({
  key: keys,
  answers: fc.array(answers, { minLength: 1, maxLength: 6 }),
  preflight: fc.constantFrom('pass', 'pass', 'pass', 'refuse', 'as planned'),
  only: fc.constantFrom(
    'listInstanceTypes',
    'listBillingTransactions',
    'resizeVolume',
    'createEmbeddings',
    'createChatCompletion',
  ),
  cliSeed: fc.nat(),
});

function percentEncoded(key: string): string {
  try {
    return encodeURIComponent(key);
  } catch {
    return key;
  }
}

/** The key as the plan echoes it: whole, JSON-escaped, percent-encoded, a piece of 8 or more, twice, or as received. */
function echoed(plan: AnswerPlan, key: string, request: HostileRequest): string {
  switch (plan.echo) {
    case 'json':
      return JSON.stringify(key).slice(1, -1);
    case 'percent':
      return percentEncoded(key);
    case 'piece':
      return key.length > 8 ? key.slice(plan.offset % (key.length - 8), key.length - 1) : key;
    case 'twice':
      return `${key}${key}`;
    case 'authorization':
      return request.headers.authorization ?? key;
    default:
      return key;
  }
}

function bodyOf(
  plan: AnswerPlan,
  key: string,
  request: HostileRequest,
): { body: string; contentType: string } {
  const text = `${'x'.repeat(plan.offset)}${echoed(plan, key, request)}${'y'.repeat(100)}`;
  if (plan.shape === 'events')
    return { body: `data: {"echo":"${text}"}\n\ndata: ${text}\n\n`, contentType: 'text/event-stream' };
  if (plan.shape === 'plain') return { body: text, contentType: 'text/plain' };
  return {
    body: `{"error":{"type":"invalid_request_error","message":"${text}","param":"${key}"}}`,
    contentType: 'application/json',
  };
}

/**
 * The answer a plan gives. With `wellFormed`, the head echoes only what a header can hold (the Authorization header as
 * received), so the answer parses: an echo of a key with a line break or a `§` in a header name breaks the HTTP
 * framing, which fetch refuses, and a pre-flight refused that way would leave the checks unexercised.
 */
function answerOf(plan: AnswerPlan, key: string, request: HostileRequest, wellFormed = false): HostileAnswer {
  const received = request.headers.authorization ?? '';
  const reasons = { none: 'Whatever', authorization: received, key, json: JSON.stringify(key) };
  const { body, contentType } = bodyOf(plan, key, request);
  const headers: Array<[string, string]> = [['content-type', contentType]];
  if (plan.headers.includes('x-echo')) headers.push(['x-echo', received]);
  if (!wellFormed) {
    if (plan.headers.includes('www-authenticate'))
      headers.push(['www-authenticate', `Bearer token="${key}"`]);
    if (plan.headers.includes('x-request-id')) headers.push(['x-request-id', key]);
    if (plan.headers.includes('named')) headers.push([`x-${key}`, 'named after the key']);
  }
  return {
    status: plan.status,
    reason:
      reasons[wellFormed && plan.reason !== 'authorization' ? 'none' : (plan.reason as keyof typeof reasons)],
    headers,
    body,
    framing: plan.framing as HostileAnswer['framing'],
    headEncoding: plan.headEncoding as HostileAnswer['headEncoding'],
  };
}

let work: string;
let requestsSent = 0;
let cliRuns = 0;
let childRuns = 0;
/** Runs the property has started, failed ones included: which of them is a child process. */
let started = 0;
beforeAll(async () => {
  assertCliBuilt();
  work = await mkdtemp(join(tmpdir(), 'contract-tests-key-fuzz-'));
  console.log(`key redaction fuzz: seed ${seed}, ${numRuns} runs (replay with FUZZ_SEED=${seed})`);
});
afterAll(async () => {
  console.log(
    `key redaction fuzz: seed ${seed}, ${cliRuns} runs of the command (${childRuns} in a child process), ${requestsSent} requests sent to the hostile server`,
  );
  await rm(work, { recursive: true, force: true });
});

describe('the command against a hostile server, fuzzed', () => {
  it(`never writes the key or 8 characters of it in a row, in any output (${numRuns} runs)`, async () => {
    await fc.assert(
      fc.asyncProperty(runs, async (run) => {
        const inChild = started++ % childProcessEvery === 0;
        const server = await startHostileServer((request) => {
          const plan = run.answers[request.index % run.answers.length] as AnswerPlan;
          if (request.index > 1 || run.preflight === 'as planned') return answerOf(plan, run.key, request);
          if (run.preflight === 'refuse')
            return { ...answerOf(plan, run.key, request), status: 401, framing: 'whole' };
          // An ordinary pre-flight (a read, then a refused empty embeddings call), echoing all the same.
          const status = request.index === 0 ? 200 : 400;
          return { ...answerOf(plan, run.key, request, true), status, framing: 'whole' };
        });
        try {
          const { run: cli, outputs } = await runWithEveryReport(
            work,
            server.url,
            run.key,
            [
              '--only',
              run.only,
              '--allow-mutations',
              '--volume-id',
              'vol_fuzz',
              '--volume-size',
              '100',
              '--seed',
              String(run.cliSeed),
              '--request-timeout',
              '5000',
              '--max-answer-bytes',
              String(maxAnswerBytes),
            ],
            { inProcess: !inChild },
          );
          cliRuns += 1;
          if (inChild) childRuns += 1;
          // Whatever the server did, the command ends with a verdict or one sentence, never a crash, and writes
          // every report.
          expect([0, 1, 2, 3], cli.output).toContain(cli.code);
          expect(cli.stderr).toMatch(/^(inference-infra-contract-tests: [^\n]*\n)?$/);
          expect(cli.stderr).not.toContain('could not run');
          for (const name of ['junit.xml', 'summary.md', 'run.har', 'run.ndjson'])
            expect(outputs[name], `${name} not written`).not.toBe('');
          expect(keyLeaks(run.key, outputs)).toEqual([]);
        } finally {
          requestsSent += server.requests();
          await server.close();
        }
      }),
      { numRuns, seed, endOnFailure: true },
    );
  }, 300_000);
});
