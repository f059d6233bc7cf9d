import type { CheckEndEvent, Reporter } from '../engine/events.js';
import { logSafe } from './logSafe.js';

export interface ConsoleReporterOptions {
  /** Where the lines go (stdout in the command). */
  write(text: string): void;
  /** `✓ ✗ –` instead of `PASS FAIL SKIP`: for a terminal, where a reader scans them. */
  symbols: boolean;
  /** ANSI colours: only for a terminal without NO_COLOR, since CI logs and files would show the raw codes. */
  color: boolean;
}

/** Symbols and colours for a terminal, plain words for a log: https://no-color.org says NO_COLOR (any value) turns colour off. */
export function consoleStyleFor(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv) {
  const tty = stream.isTTY === true;
  return { symbols: tty, color: tty && !env.NO_COLOR };
}

const paint = (code: number) => (text: string) => `\u001b[${code}m${text}\u001b[39m`;
const colors = { passed: paint(32), failed: paint(31), skipped: paint(33) };
const marks = {
  symbols: { passed: '✓', failed: '✗', skipped: '–' },
  words: { passed: 'PASS', failed: 'FAIL', skipped: 'SKIP' },
};

/**
 * Progress as it happens, one line per check, readable in a CI log: the outcome, the check, and for a skip its reason.
 * Failures are printed again in full at the end (message and reproduction), then the summary.
 */
export function consoleReporter(options: ConsoleReporterOptions): Reporter {
  const failures: CheckEndEvent[] = [];
  const line = (text: string) => options.write(`${text}\n`);
  return {
    onRunStart({ target, checkCount, seed }) {
      const where =
        target.kind === 'bundled-mock' ? 'the bundled mock' : `${target.baseUrl} and ${target.platformUrl}`;
      line(`Running ${checkCount} checks against ${logSafe(where)} (seed ${seed})`);
    },
    onCheckEnd(event) {
      const mark = (options.symbols ? marks.symbols : marks.words)[event.outcome];
      const shown = options.color ? colors[event.outcome](mark) : mark;
      const note = event.outcome === 'skipped' ? ` (skipped: ${logSafe(event.reason ?? '')})` : '';
      line(`${shown} ${event.check.fullName}${note}`);
      if (event.outcome === 'failed') failures.push(event);
    },
    onRunEnd({ summary }) {
      if (failures.length > 0) line(`\nFailures (${failures.length}):`);
      for (const failure of failures) {
        line(`\n${options.color ? colors.failed('✗') : '✗'} ${failure.check.fullName}`);
        line(indent(logSafe(failure.message ?? 'failed')));
        if (failure.reproduction) line(logSafe(failure.reproduction));
      }
      line(logSafe(summary));
    },
  };
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((l) => `  ${l}`)
    .join('\n');
}
