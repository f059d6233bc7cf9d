import { execFileSync } from 'node:child_process';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { childrenCpuSeconds, longestFirst as order, runPool as pool } from '../../../scripts/checkPool.mjs';

type Job = { name: string };

// `pnpm check`'s schedule (scripts/check.mjs): which job starts when, over any set of jobs and measured seconds.
const jobsAndSeconds = fc
  .uniqueArray(fc.string({ minLength: 1, maxLength: 8 }), { maxLength: 20 })
  .chain((names) =>
    fc.tuple(
      fc.constant(names.map((name) => ({ name }))),
      fc.dictionary(fc.constantFrom(...(names.length > 0 ? names : ['none'])), fc.nat({ max: 2000 })),
    ),
  );

describe('longestFirst', () => {
  it('starts the unmeasured jobs first, then the rest by their seconds, longest first, every job once', () => {
    fc.assert(
      fc.property(jobsAndSeconds, ([jobs, seconds]) => {
        const ordered = order(jobs, seconds);
        expect([...ordered].map((j) => j.name).sort()).toEqual(jobs.map((j) => j.name).sort());
        const weight = (job: Job) =>
          Object.hasOwn(seconds, job.name) ? (seconds[job.name] as number) : Number.POSITIVE_INFINITY;
        for (let i = 1; i < ordered.length; i++)
          expect(weight(ordered[i - 1] as Job)).toBeGreaterThanOrEqual(weight(ordered[i] as Job));
        // Ties keep the order given: the schedule is the same on every run.
        const unmeasured = jobs.filter((job) => !Object.hasOwn(seconds, job.name));
        expect(ordered.slice(0, unmeasured.length)).toEqual(unmeasured);
      }),
    );
  });
});

describe('runPool', () => {
  it('runs every job once, in the order given, never more at a time than asked and as many as asked at first', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 1, max: 5 }), { maxLength: 15 }),
        fc.integer({ min: 1, max: 6 }),
        fc.scheduler(),
        async (lengths, concurrency, scheduler) => {
          let running = 0;
          let most = 0;
          const started: number[] = [];
          const run = async (index: number) => {
            started.push(index);
            running++;
            most = Math.max(most, running);
            // A job "takes" one or more scheduled steps (so none ends before the pool has started the first ones); the scheduler interleaves the steps in any order.
            for (let step = 0; step < (lengths[index] as number); step++)
              await scheduler.schedule(Promise.resolve(), `job ${index} step ${step}`);
            running--;
            return index;
          };
          const done = pool(
            lengths.map((_, index) => index),
            concurrency,
            run,
          );
          // Releases the scheduled steps, in an order of the scheduler's choosing, until the pool has ended.
          const ended = await scheduler.waitFor(done);
          expect([...ended].sort((a, b) => a - b)).toEqual(lengths.map((_, index) => index));
          expect(started).toEqual(lengths.map((_, index) => index));
          expect(most).toBeLessThanOrEqual(concurrency);
          if (lengths.length > 0) expect(most).toBe(Math.min(concurrency, lengths.length));
        },
      ),
    );
  });

  it('refuses a concurrency that is not a whole number above 0, naming it', async () => {
    for (const concurrency of [0, -1, 1.5, Number.NaN])
      await expect(pool([1], concurrency, async (job) => job)).rejects.toThrow(
        `concurrency must be a whole number above 0 (got ${concurrency})`,
      );
  });
});

describe('childrenCpuSeconds', () => {
  it("reads the children's user and system time from any times line, in either radix", () => {
    const duration = fc.record({ minutes: fc.nat({ max: 600 }), millis: fc.nat({ max: 59_999 }) });
    const written = ({ minutes, millis }: { minutes: number; millis: number }, radix: string) =>
      `${minutes}m${Math.floor(millis / 1000)}${radix}${String(millis % 1000).padStart(3, '0')}s`;
    fc.assert(
      fc.property(duration, duration, duration, fc.constantFrom('.', ','), (own, user, system, radix) => {
        const printed = `${written(own, radix)} ${written(own, radix)}\n${written(user, radix)} ${written(system, radix)}\n`;
        const expected = user.minutes * 60 + user.millis / 1000 + system.minutes * 60 + system.millis / 1000;
        expect(childrenCpuSeconds(printed)).toBeCloseTo(expected, 6);
      }),
    );
  });

  it('gives 0 when the job printed no times (it never ran)', () => {
    expect(childrenCpuSeconds('')).toBe(0);
    expect(childrenCpuSeconds('0m0.001s 0m0.000s\n')).toBe(0);
  });

  it("reads what bash's own times builtin prints after a child that used the CPU", () => {
    // The child spins until it has used 0.3 s of CPU (not of the clock: a loaded machine gives it less per second).
    const spin = 'while (process.cpuUsage().user + process.cpuUsage().system < 300000);';
    const printed = execFileSync('bash', ['-c', `node -e "${spin}"; times`], { encoding: 'utf8' });
    expect(childrenCpuSeconds(printed)).toBeGreaterThanOrEqual(0.3);
  });
});
