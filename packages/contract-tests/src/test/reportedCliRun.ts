import { mkdtemp, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type CliRun, runBuiltCli } from './builtCli.js';
import { runCliInProcess } from './inProcessCli.js';

export interface ReportedCliRun {
  run: CliRun;
  /** Everything the run wrote, by name: `stdout`, `stderr` and each report file (empty when it was not written). */
  outputs: Record<string, string>;
}

const reportFiles = ['junit.xml', 'summary.md', 'run.har', 'run.ndjson'] as const;

/**
 * The built command against a server on loopback (both base addresses on it), the key given as CI gives it (in
 * `INFERENCE_INFRA_API_KEY`), with every report on: JUnit, the GitHub summary, HAR and NDJSON, each in a fresh folder
 * under `work`. `inProcess` runs the command's `runCli` here instead (`runCliInProcess`).
 */
export async function runWithEveryReport(
  work: string,
  serverUrl: string,
  key: string,
  args: string[] = [],
  { inProcess = false }: { inProcess?: boolean } = {},
): Promise<ReportedCliRun> {
  const dir = await mkdtemp(join(work, 'run-'));
  const file = (name: string) => join(dir, name);
  const run = await (inProcess ? runCliInProcess : runBuiltCli)(
    [
      '--base-url',
      `${serverUrl}/v1`,
      '--platform-url',
      serverUrl,
      '--reporter',
      'github,junit',
      '--output-file',
      file('junit.xml'),
      '--report',
      'har',
      file('run.har'),
      '--report',
      'ndjson',
      file('run.ndjson'),
      ...args,
    ],
    { INFERENCE_INFRA_API_KEY: key, GITHUB_STEP_SUMMARY: file('summary.md') },
  );
  const outputs: Record<string, string> = { stdout: run.stdout, stderr: run.stderr };
  for (const name of reportFiles) outputs[name] = await readFile(file(name), 'utf8').catch(() => '');
  return { run, outputs };
}
