// Adds up the vitest JSON reports of every workspace into one closing line, so CI shows what ran in total.
// A workspace with a test task but no report means its tests did not run: that fails the run.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root, testWorkspaces } from './testWorkspaces.mjs';

let passed = 0;
let failed = 0;
let skipped = 0;
const missing = [];
for (const { workspace, reportPath } of testWorkspaces()) {
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
