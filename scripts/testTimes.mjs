// Where the suite's time went, from each workspace's vitest JSON report: the slowest test files and each workspace's
// share of all test-file time, so a change that makes the suite slower is seen the day it lands. Informational: it
// never fails a run (summarizeTests.mjs does that). `node scripts/testTimes.mjs [--top N]` (default 15 files).
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { root, testWorkspaces } from './testWorkspaces.mjs';

const topAt = process.argv.indexOf('--top');
const top = topAt === -1 ? 15 : Number(process.argv[topAt + 1]);
if (!Number.isInteger(top) || top < 1) {
  console.error(`--top must be a whole number above 0 (got "${process.argv[topAt + 1] ?? ''}")`);
  process.exit(2);
}

const files = [];
const workspaces = [];
for (const { workspace, reportPath } of testWorkspaces()) {
  if (!existsSync(reportPath)) continue;
  let report;
  try {
    report = JSON.parse(readFileSync(reportPath, 'utf8'));
  } catch (error) {
    console.log(`${workspace}: unreadable test report (${error.message})`);
    continue;
  }
  let seconds = 0;
  let first = Number.POSITIVE_INFINITY;
  let last = 0;
  for (const file of report.testResults ?? []) {
    // A file's time is from its start to its end: imports, hooks and tests, as the worker spent it.
    if (!(file.endTime >= file.startTime)) continue;
    const fileSeconds = (file.endTime - file.startTime) / 1000;
    seconds += fileSeconds;
    first = Math.min(first, file.startTime);
    last = Math.max(last, file.endTime);
    files.push({ name: relative(root, file.name), seconds: fileSeconds });
  }
  workspaces.push({ workspace, seconds, wallSeconds: last > first ? (last - first) / 1000 : 0 });
}

const total = workspaces.reduce((sum, w) => sum + w.seconds, 0);
if (total === 0) {
  console.log('test times: no test report with timings');
  process.exit(0);
}
const s = (seconds) => `${seconds.toFixed(1).padStart(7)} s`;
console.log(`test times: ${total.toFixed(0)} s of test-file time in ${files.length} files`);
console.log(`  the ${Math.min(top, files.length)} slowest files:`);
for (const file of files.sort((a, b) => b.seconds - a.seconds).slice(0, top))
  console.log(`  ${s(file.seconds)}  ${file.name}`);
console.log('  by workspace (file time, share of it, first start to last end):');
for (const w of workspaces.sort((a, b) => b.seconds - a.seconds))
  console.log(
    `  ${s(w.seconds)}  ${((100 * w.seconds) / total).toFixed(1).padStart(5)} %  ${s(w.wallSeconds)}  ${w.workspace}`,
  );
