// Adds up the vitest JSON reports of every workspace into one closing line, so CI shows what ran in total.
// A workspace with a test task but no report means its tests did not run: that fails the run.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
// The workspaces as pnpm-workspace.yaml lists them (`- folder` or `- folder/*`): the examples a user copies whole are
// not workspaces, and their tests run in tools/examples-check.
const children = (folder) =>
  existsSync(join(root, folder)) ? readdirSync(join(root, folder)).map((name) => `${folder}/${name}`) : [];
const listed = readFileSync(join(root, 'pnpm-workspace.yaml'), 'utf8')
  .split(/\n(?=\S)/)
  .find((section) => section.startsWith('packages:'));
const workspaces = (listed ?? '')
  .split('\n')
  .map((line) => /^\s+-\s+['"]?([^'"\s]+)['"]?\s*$/.exec(line)?.[1])
  .filter(Boolean)
  .flatMap((entry) => (entry.endsWith('/*') ? children(entry.slice(0, -2)) : [entry]));
let passed = 0;
let failed = 0;
let skipped = 0;
const missing = [];
for (const workspace of workspaces) {
  const manifestPath = join(root, workspace, 'package.json');
  if (!existsSync(manifestPath) || !JSON.parse(readFileSync(manifestPath, 'utf8')).scripts?.test) continue;
  const reportPath = join(root, workspace, 'test-artifacts', 'vitest.json');
  if (!existsSync(reportPath)) {
    missing.push(workspace);
    continue;
  }
  const report = JSON.parse(readFileSync(reportPath, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + report.numTodoTests;
  console.log(`${workspace}: ${report.numPassedTests} passed, ${report.numFailedTests} failed`);
  // Each failure named with its first lines (a fuzz failure's seed and counterexample among them): the tail of a CI
  // log is often all a reader gets.
  for (const file of report.testResults ?? [])
    for (const test of file.assertionResults ?? [])
      if (test.status === 'failed') {
        const where = `${file.name.slice(join(root, workspace).length + 1)} > ${test.fullName}`;
        const why = (test.failureMessages ?? [])
          .join('\n')
          // biome-ignore lint/suspicious/noControlCharactersInRegex: terminal colours are what is stripped
          .replace(/\u001b\[[0-9;]*m/g, '')
          .split('\n')
          .filter((line) => line.trim() !== '' && !/^\s+at /.test(line))
          .slice(0, 6)
          .map((line) => `      ${line.slice(0, 400)}`);
        console.log(`  FAILED ${where}\n${why.join('\n')}`);
      }
}
for (const workspace of missing) console.log(`${workspace}: no test report (its tests did not run)`);
console.log(`tests: ${passed} passed, ${failed + missing.length} failed, ${skipped} skipped`);
process.exit(failed + missing.length > 0 ? 1 : 0);
