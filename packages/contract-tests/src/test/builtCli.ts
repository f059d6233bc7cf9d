import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const bin = fileURLToPath(new URL('../../bin/contract-tests.js', import.meta.url));

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
  /** stdout, then stderr. */
  output: string;
}

/** Fails with the command to run when the command is not built: the CLI tests run `dist/`, as partners do. */
export function assertCliBuilt(): void {
  if (!existsSync(fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url)))) {
    throw new Error(
      'dist/cli/main.js is missing: run `pnpm --filter @inference-infra/contract-tests build` first',
    );
  }
}

/** The environment the command gets here, in a child process or in process alike: see {@link runBuiltCli}. */
export function cliEnv(extraEnv: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) =>
        !name.startsWith('VITEST') && !name.startsWith('INFERENCE_INFRA_') && name !== 'GITHUB_STEP_SUMMARY',
    ),
  );
  return { ...env, NO_COLOR: '1', ...extraEnv };
}

/**
 * The built command, as partners run it, in a child process. The variables of this vitest run are left out, so the
 * vitest the command starts does not take itself for a worker of this one; so are `INFERENCE_INFRA_*`, which would
 * turn a run meant for a local server into a run against whatever deployment they name.
 */
export function runBuiltCli(args: string[], extraEnv: Record<string, string> = {}): Promise<CliRun> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [bin, ...args],
      { env: cliEnv(extraEnv), timeout: 110_000, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout, stderr, output: `${stdout}${stderr}` });
      },
    );
  });
}
