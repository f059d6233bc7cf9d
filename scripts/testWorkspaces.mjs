// The workspaces with a test task and where each writes its vitest JSON report: read by summarizeTests.mjs (the
// closing counts) and testTimes.mjs (where the time went), so both read the same list.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const root = new URL('..', import.meta.url).pathname;

// The workspaces as pnpm-workspace.yaml lists them (`- folder` or `- folder/*`): the examples a user copies whole are
// not workspaces, and their tests run in tools/examples-check.
/** @param {string} folder */
const children = (folder) =>
  existsSync(join(root, folder)) ? readdirSync(join(root, folder)).map((name) => `${folder}/${name}`) : [];

/**
 * Every workspace's folder, as pnpm-workspace.yaml lists them, in the listed order (those with a package.json).
 * @returns {string[]}
 */
export function workspaceFolders() {
  const listed = readFileSync(join(root, 'pnpm-workspace.yaml'), 'utf8')
    .split(/\n(?=\S)/)
    .find((section) => section.startsWith('packages:'));
  return (listed ?? '')
    .split('\n')
    .map((line) => /^\s+-\s+['"]?([^'"\s]+)['"]?\s*$/.exec(line)?.[1])
    .filter(/** @returns {entry is string} */ (entry) => entry !== undefined)
    .flatMap((entry) => (entry.endsWith('/*') ? children(entry.slice(0, -2)) : [entry]))
    .filter((workspace) => existsSync(join(root, workspace, 'package.json')));
}

/**
 * `{ workspace, reportPath }` of each workspace whose package.json has a `test` script, in the listed order.
 * @returns {{ workspace: string, reportPath: string }[]}
 */
export function testWorkspaces() {
  return workspaceFolders()
    .filter(
      (workspace) => JSON.parse(readFileSync(join(root, workspace, 'package.json'), 'utf8')).scripts?.test,
    )
    .map((workspace) => ({ workspace, reportPath: join(root, workspace, 'test-artifacts', 'vitest.json') }));
}
