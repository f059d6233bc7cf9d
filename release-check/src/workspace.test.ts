import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, expect, it } from 'vitest';
import { run } from './workspace.js';

// A command of a user's folder sees the folder's own environment: pnpm's description of the script running this test
// (INIT_CWD, npm_lifecycle_*, npm_package_*) stays here, so yarn and bun take the folder as the project.
const dir = realpathSync(mkdtempSync(join(tmpdir(), 'inference-infra-run-env-')));
const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What the command sees: the named variables (null when unset) and its working folder. */
const seenBy = (env: NodeJS.ProcessEnv = {}) =>
  JSON.parse(
    run(
      process.execPath,
      [
        '-p',
        'JSON.stringify({ ...Object.fromEntries(["INIT_CWD", "npm_lifecycle_event", "npm_package_name", "KEPT", "SCARF_ANALYTICS"].map((n) => [n, process.env[n] ?? null])), cwd: process.cwd() })',
      ],
      dir,
      env,
    ),
  );

it('runs a command without the workspace script’s INIT_CWD, npm_lifecycle_* and npm_package_* variables', () => {
  process.env.INIT_CWD = '/the/workspace/package';
  process.env.npm_lifecycle_event = 'test';
  process.env.npm_package_name = '@inference-infra/release-check';
  process.env.KEPT = 'kept';
  expect(seenBy()).toEqual({
    INIT_CWD: null,
    npm_lifecycle_event: null,
    npm_package_name: null,
    KEPT: 'kept',
    SCARF_ANALYTICS: 'false',
    cwd: dir,
  });
});

it('still gives the command the variables a test names', () => {
  expect(seenBy({ INIT_CWD: '/given' })).toMatchObject({ INIT_CWD: '/given', SCARF_ANALYTICS: 'false' });
});
