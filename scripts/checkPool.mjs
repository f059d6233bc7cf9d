// The scheduling of scripts/check.mjs, apart from its processes so it can be tested: the order jobs start in and the
// pool that runs them a few at a time.

/**
 * The jobs longest first by their measured seconds; a job never measured (a new workspace) first of all, since its
 * length is unknown and starting it early risks least. Ties keep the given order.
 * @template {{ name: string }} J
 * @param {J[]} jobs
 * @param {Record<string, number>} seconds
 * @returns {J[]}
 */
export function longestFirst(jobs, seconds) {
  // Own keys only: a job named like an Object method ("toString") is unmeasured, not weighed as a function.
  /** @param {J} job */
  const weight = (job) =>
    Object.hasOwn(seconds, job.name) ? Number(seconds[job.name]) : Number.POSITIVE_INFINITY;
  return jobs
    .map((job, index) => ({ job, index }))
    .sort((a, b) => weight(b.job) - weight(a.job) || a.index - b.index)
    .map(({ job }) => job);
}

/**
 * Runs `jobs` in their order, `concurrency` at a time: a job starts as soon as one before it ends. Every job runs,
 * whatever another's result; `run` must not throw (a job that fails says so in its result).
 * @template J, R
 * @param {J[]} jobs
 * @param {number} concurrency
 * @param {(job: J) => Promise<R>} run
 * @returns {Promise<R[]>} the results in the order the jobs ended
 */
export async function runPool(jobs, concurrency, run) {
  if (!Number.isInteger(concurrency) || concurrency < 1)
    throw new RangeError(`concurrency must be a whole number above 0 (got ${concurrency})`);
  const queue = [...jobs];
  /** @type {R[]} */
  const results = [];
  await Promise.all(
    Array.from({ length: Math.min(concurrency, queue.length) }, async () => {
      for (let job = queue.shift(); job !== undefined; job = queue.shift()) results.push(await run(job));
    }),
  );
  return results;
}

/**
 * The CPU seconds of a job's processes from what bash's `times` printed after it: its second line is the user and
 * system time of the shell's children ("1m2.345s 0m4.567s"; a locale may write the fraction after a comma). 0 when
 * there is no such line (the job never ran).
 * @param {string} printed
 * @returns {number}
 */
export function childrenCpuSeconds(printed) {
  const children = printed.trim().split('\n')[1] ?? '';
  const parts = [...children.matchAll(/(\d+)m(\d+(?:[.,]\d+)?)s/g)];
  if (parts.length !== 2) return 0;
  return parts.reduce(
    (sum, [, minutes = '0', secs = '0']) => sum + Number(minutes) * 60 + Number(secs.replace(',', '.')),
    0,
  );
}
