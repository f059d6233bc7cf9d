// What each test needs beyond the CPU, by workspace and by file name: `unit` (the in-process simulator at most),
// `socket` (a server on loopback, a child process), `browser` (Chromium) or `install` (packages installed from the
// local registry). `pnpm test:quick` runs only unit tests; `pnpm test` runs all. A new slow suite adds its line here.

/** Workspaces whose tests all install packages or drive Chromium: none of them is a unit test. */
export const workspaceTags = {
  'tools/examples-check': 'install',
  'tools/readme-examples': 'install',
  'tools/local-registry': 'install',
  'release-check': 'install',
  'examples/playground': 'browser',
  docs: 'browser',
  bench: 'socket',
};

/** Test files, by glob relative to their workspace, that need more than the CPU. */
export const fileTags = [
  ['**/*.fuzz.test.ts', 'socket'],
  ['**/*.run.test.ts', 'socket'],
  ['**/cli.test.ts', 'socket'],
  ['**/*Cli.test.ts', 'socket'],
  ['**/src/cli/**', 'socket'],
  ['**/mutants.test.ts', 'socket'],
  ['**/src/suite/**', 'socket'],
];
