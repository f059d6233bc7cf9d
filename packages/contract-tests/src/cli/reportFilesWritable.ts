import { closeSync, existsSync, mkdirSync, openSync, unlinkSync } from 'node:fs';
import { dirname } from 'node:path';
import type { CliOptions } from './cliOptions.js';
import { UsageError } from './cliOptions.js';

/** Each file the run will write, with the flag (or variable) that named it. */
export function reportFilesOf(
  options: Pick<CliOptions, 'reporters' | 'outputFile' | 'exchangeReports'>,
  env: NodeJS.ProcessEnv,
): Array<{ named: string; file: string }> {
  const files: Array<{ named: string; file: string }> = [];
  if (options.outputFile && options.reporters.some((name) => name === 'junit' || name === 'github'))
    files.push({ named: '--output-file', file: options.outputFile });
  if (options.reporters.includes('github') && env.GITHUB_STEP_SUMMARY)
    files.push({ named: '$GITHUB_STEP_SUMMARY', file: env.GITHUB_STEP_SUMMARY });
  for (const { format, file } of options.exchangeReports) files.push({ named: `--report ${format}`, file });
  return files;
}

/**
 * Proves every report file can be written before the run starts (its folder made, the file opened for appending,
 * and removed again when the probe created it), so a path that cannot be written is a usage error naming its flag
 * at once, not a stack after a run of minutes, or a run that passes without the report CI keeps.
 */
export function checkReportFilesWritable(files: Array<{ named: string; file: string }>): void {
  for (const { named, file } of files) {
    const existed = existsSync(file);
    let step = '';
    try {
      step = ': its folder cannot be made';
      mkdirSync(dirname(file), { recursive: true });
      step = '';
      closeSync(openSync(file, 'a'));
      if (!existed) unlinkSync(file);
    } catch (error) {
      const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
      throw new UsageError(`${named} ${file} cannot be written${step} (${reason})`);
    }
  }
}
