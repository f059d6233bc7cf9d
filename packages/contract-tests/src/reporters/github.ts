import { appendFile, mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { CheckEndEvent, Reporter } from '../engine/events.js';
import { logSafe } from './logSafe.js';

/** A fence longer than any run of backticks in the text, so a body quoting Markdown cannot end the block early. */
function codeBlock(raw: string): string {
  const text = logSafe(raw);
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}\n${text}\n${fence}`;
}

/** Table cells hold one line, and a `|` would start another cell. */
const cell = (text: string) => logSafe(text).replaceAll('|', '\\|').replaceAll('\n', ' ');

/**
 * The run as GitHub job summary Markdown: the verdict, a table of counts, coverage, the seed, and each failure with its
 * reproduction in a code block. Appended, as GitHub asks: other steps of the job write to the same file.
 */
export function githubSummaryReporter(outputFile: string): Reporter {
  const failures: CheckEndEvent[] = [];
  return {
    onCheckEnd(event) {
      if (event.outcome === 'failed') failures.push(event);
    },
    async onRunError({ message }) {
      await mkdir(dirname(outputFile), { recursive: true });
      await appendFile(outputFile, `## Contract suite: ⚠️ could not run\n\n${logSafe(message)}\n\n`);
    },
    async onRunEnd({ target, result, exitCode }) {
      const skipped = [...result.skipped.values()].reduce((sum, n) => sum + n, 0);
      const where =
        target.kind === 'bundled-mock'
          ? 'the bundled mock'
          : `\`${target.baseUrl}\` and \`${target.platformUrl}\``;
      const verdict =
        exitCode === 0 ? '✅ passed' : exitCode === 1 ? '❌ failed' : '⚠️ nothing checked or could not run';
      const lines = [
        `## Contract suite: ${verdict}`,
        '',
        `Against ${where}. Seed \`${result.seed}\` (replay with \`--seed ${result.seed}\`).`,
        '',
        '| passed | failed | skipped |',
        '| ---: | ---: | ---: |',
        `| ${result.passed} | ${result.failed.length} | ${skipped} |`,
        '',
        `Coverage: ${result.coverage.operations.exercised}/${result.coverage.operations.total} operations, ${result.coverage.statuses.exercised}/${result.coverage.statuses.total} documented statuses.`,
      ];
      if (result.skipped.size > 0) {
        lines.push('', '| skipped | reason |', '| ---: | --- |');
        for (const [reason, count] of result.skipped) lines.push(`| ${count} | ${cell(reason)} |`);
      }
      for (const failure of failures) {
        lines.push('', `### ❌ ${cell(failure.check.fullName)}`, '', codeBlock(failure.message ?? 'failed'));
        if (failure.reproduction) lines.push('', 'Reproduce:', '', codeBlock(failure.reproduction));
      }
      await mkdir(dirname(outputFile), { recursive: true });
      await appendFile(outputFile, `${lines.join('\n')}\n\n`);
    },
  };
}
