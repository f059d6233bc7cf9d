import type { Reporter } from '../engine/events.js';
import { consoleReporter, consoleStyleFor } from '../reporters/console.js';
import { coverageMapReporter } from '../reporters/coverageMap.js';
import { githubSummaryReporter } from '../reporters/github.js';
import { harReporter } from '../reporters/har.js';
import { junitReporter } from '../reporters/junit.js';
import { ndjsonReporter } from '../reporters/ndjson.js';
import { type CliOptions, UsageError } from './cliOptions.js';

/**
 * The reporters a command line asks for: the console always, then each `--reporter` and `--report`. The GitHub
 * summary goes where GitHub reads it (`$GITHUB_STEP_SUMMARY`); outside Actions, to `--output-file`, unless the JUnit
 * report is already going there.
 */
export function reportersFor(
  options: Pick<CliOptions, 'reporters' | 'outputFile' | 'exchangeReports' | 'specPath'>,
  env: NodeJS.ProcessEnv,
  stdout: { isTTY?: boolean; write(text: string): unknown },
): Reporter[] {
  const reporters: Reporter[] = [
    consoleReporter({ write: (text) => void stdout.write(text), ...consoleStyleFor(stdout, env) }),
  ];
  if (options.reporters.includes('junit') && options.outputFile)
    reporters.push(junitReporter(options.outputFile));
  if (options.reporters.includes('github')) {
    const file =
      env.GITHUB_STEP_SUMMARY ?? (options.reporters.includes('junit') ? undefined : options.outputFile);
    if (!file) {
      throw new UsageError(
        options.reporters.includes('junit')
          ? '--reporter github writes to $GITHUB_STEP_SUMMARY; outside GitHub Actions --output-file is the junit report, so run github on its own with --output-file FILE'
          : '--reporter github needs $GITHUB_STEP_SUMMARY (set in GitHub Actions) or --output-file FILE',
      );
    }
    reporters.push(githubSummaryReporter(file));
  }
  const byFormat = {
    har: harReporter,
    ndjson: ndjsonReporter,
    coverage: (file: string) => coverageMapReporter(file, options.specPath),
  };
  for (const { format, file } of options.exchangeReports) reporters.push(byFormat[format](file));
  return reporters;
}
