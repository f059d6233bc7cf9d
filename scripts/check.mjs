// `pnpm check`: lint, type-check, build and test every workspace, the longest test suites started first.
// Turbo starts ready tasks in the order of its graph, not by their length: in a fresh-clone run the four install and
// browser suites (about 15 minutes of the 30) started after the short ones, and the release check ran alone at the
// end. So the build runs first (one `turbo run build`), then a pool of `turbo run … --only` jobs, one per test
// workspace plus one for lint and typecheck (scripts/checkJobs.mjs), started longest first by the seconds each took when last measured
// (scripts/checkSchedule.json). `--only`: the pool's turbo runs never restore a build another job is reading.
// The packages' `test:exports` (publint and attw, 114 s of CPU) is not a job of its own: the release check's rehearsal
// runs it on the packages as they would be published (scripts/release-publish.sh), at the release's versions, and a
// second run on the workspace's build would check the same files again less their version.
// `node scripts/check.mjs [--jobs N] [--record]`; --record writes the measured seconds back to the schedule.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launchChromiumServer, sharedChromiumVariable } from '../tools/test-kit/src/browser.ts';
import { checkJobs } from './checkJobs.mjs';
import { childrenCpuSeconds, longestFirst, runPool } from './checkPool.mjs';
import { root, testWorkspaces } from './testWorkspaces.mjs';

const schedulePath = join(root, 'scripts/checkSchedule.json');
const args = process.argv.slice(2);
const jobsAt = args.indexOf('--jobs');
// Four at a time: the profile of a fresh-clone run (scripts/checkSchedule.json says how it was measured) has both
// cores busy with four; more would only lengthen the browser suites' waits, fewer leaves cores idle during installs.
const jobs = jobsAt === -1 ? 4 : Number(args[jobsAt + 1]);
if (!Number.isInteger(jobs) || jobs < 1) {
  console.error(`check: --jobs must be a whole number above 0 (got "${args[jobsAt + 1] ?? ''}")`);
  process.exit(2);
}
const record = args.includes('--record');
const unknown = args.filter((arg, i) => !['--jobs', '--record'].includes(arg) && args[i - 1] !== '--jobs');
if (unknown.length > 0) {
  console.error(`check: unknown argument ${unknown[0]} (known: --jobs N, --record)`);
  process.exit(2);
}

const schedule = JSON.parse(readFileSync(schedulePath, 'utf8'));
const turbo = join(root, 'node_modules/.bin/turbo');
/** The unit of /proc's CPU times (`getconf CLK_TCK`): 100 on Linux for x86-64 and arm64. */
const clockTicksPerSecond =
  Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;
const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(0)} s`;

/** `name` of a workspace's package.json: turbo's `--filter` takes it. */
const packageName = (workspace) =>
  JSON.parse(readFileSync(join(root, workspace, 'package.json'), 'utf8')).name;

const started = Date.now();
console.log('check: building every workspace first (turbo run build)');
const build = spawnSync(turbo, ['run', 'build'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) {
  console.error(`check: the build failed (exit ${build.status ?? build.signal}); nothing was tested`);
  process.exit(build.status || 1);
}
console.log(`check: built in ${seconds(started)}`);

// One Chromium for every browser test of the run (test-kit's launchChromium connects to it): each start of its own
// cost a browser test about 2.5 s of CPU, some forty times a run. Its CPU is said at the end, apart from the jobs'.
const sharedChromium = await launchChromiumServer();
process.env[sharedChromiumVariable] = sharedChromium.wsEndpoint();

const queue = longestFirst(
  checkJobs(
    testWorkspaces().map(({ workspace }) => workspace),
    packageName,
  ),
  schedule.seconds,
);

/**
 * Runs one job, its output passed on line by line (whole lines: four jobs write to one log), and measures the CPU
 * time its processes took: bash's `times` after the job, on a pipe of its own (fd 3), gives the user and system time
 * of every process the job waited for. Both cores are busy from the first job to the last, so CPU seconds, not wall
 * seconds, say what a job costs the run.
 */
/**
 * The user and system seconds of this process's children that ended and were waited for (`/proc/self/stat`'s cutime
 * and cstime): read before and after the shared Chromium closes, the browser's own CPU with its helpers.
 */
function childrenCpuOfThisProcess() {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields 16 and 17 of proc(5), counted from 1 with the pid and the name before the state (field 3 here is index 0).
  return (Number(fields[13]) + Number(fields[14])) / clockTicksPerSecond;
}

function runJob(job) {
  return new Promise((resolve) => {
    const jobStarted = Date.now();
    const child = spawn(
      'bash',
      [
        '-c',
        '"$@"; status=$?; times >&3; exit $status',
        'job',
        ...(job.turbo ? [turbo, ...job.args, '--output-logs=new-only'] : [process.execPath, ...job.args]),
      ],
      {
        cwd: root,
        stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
      },
    );
    let times = '';
    child.stdio[3]?.setEncoding('utf8');
    child.stdio[3]?.on('data', (chunk) => {
      times += chunk;
    });
    for (const [stream, sink] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      let rest = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk) => {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop() ?? '';
        if (lines.length > 0) sink.write(`${lines.join('\n')}\n`);
      });
      stream.on('end', () => {
        if (rest) sink.write(`${rest}\n`);
      });
    }
    child.on('error', (error) => resolve({ job, status: 1, seconds: 0, cpuSeconds: 0, why: error.message }));
    child.on('close', (status, signal) =>
      resolve({
        job,
        status: status ?? 1,
        seconds: (Date.now() - jobStarted) / 1000,
        cpuSeconds: childrenCpuSeconds(times),
        why: signal ? `ended by ${signal}` : `exit ${status}`,
      }),
    );
  });
}

const results = await runPool(queue, jobs, async (job) => {
  console.log(`check: started ${job.name}`);
  const result = await runJob(job);
  console.log(
    `check: ${result.status === 0 ? 'done' : 'FAILED'} ${job.name} in ${result.seconds.toFixed(0)} s (${result.cpuSeconds.toFixed(0)} s of CPU)`,
  );
  return result;
});

const beforeClose = childrenCpuOfThisProcess();
await sharedChromium.close();
const chromiumCpu = childrenCpuOfThisProcess() - beforeClose;

const cpuTotal = results.reduce((sum, r) => sum + r.cpuSeconds, 0);
console.log(
  `\ncheck: ${results.length} jobs, ${jobs} at a time, in ${seconds(started)}, ${cpuTotal.toFixed(0)} s of CPU (the most CPU first):`,
);
console.log('   wall     CPU');
for (const r of [...results].sort((a, b) => b.cpuSeconds - a.cpuSeconds))
  console.log(
    `  ${r.seconds.toFixed(0).padStart(5)} s ${r.cpuSeconds.toFixed(0).padStart(5)} s  ${r.status === 0 ? 'ok    ' : 'FAILED'}  ${r.job.name}`,
  );
console.log(`  and the shared Chromium: ${chromiumCpu.toFixed(0)} s of CPU`);
const failed = results.filter((r) => r.status !== 0);
for (const r of failed) console.error(`check: ${r.job.name} failed (${r.why})`);

if (record) {
  const measured = Object.fromEntries(results.map((r) => [r.job.name, Math.round(r.seconds)]));
  writeFileSync(
    schedulePath,
    `${JSON.stringify({ ...schedule, measuredAt: new Date().toISOString().slice(0, 10), seconds: measured }, null, 2)}\n`,
  );
  console.log(`check: wrote each job's seconds to ${schedulePath}`);
}
process.exit(failed.length > 0 ? 1 : 0);
