import { createWriteStream, mkdirSync, type WriteStream } from 'node:fs';
import { dirname } from 'node:path';
import type { Reporter } from '../engine/events.js';
import type { Exchange } from '../transport/exchange.js';

/**
 * The run as newline-delimited JSON, written as it happens (a run cut short still leaves every line so far): a `run`
 * line with the seed, one `exchange` line per HTTP exchange naming its check, one `check` line per check, and a
 * closing `summary` line; a run the pre-flight stopped gets its `exchange` lines and an `error` line. The key is already
 * redacted in what it gets.
 */
export function ndjsonReporter(outputFile: string): Reporter {
  let stream: WriteStream | undefined;
  // A write that fails (a full disk, a file removed meanwhile) is kept, not thrown at the event loop, and fails the
  // run when the report is closed: the run goes on, and ends saying which report could not be written.
  let failed: Error | undefined;
  const open = () => {
    mkdirSync(dirname(outputFile), { recursive: true });
    stream = createWriteStream(outputFile);
    stream.on('error', (error) => (failed ??= error));
  };
  const write = (line: object) => {
    if (!failed) stream?.write(`${JSON.stringify(line)}\n`);
  };
  const close = async () => {
    const done = stream;
    // `close` comes after the last write is flushed, and after an error too.
    if (done && !done.closed) {
      await new Promise<void>((resolve) => {
        done.once('close', resolve);
        done.end();
      });
    }
    if (failed) throw new Error(`--report ndjson ${outputFile} could not be written: ${failed.message}`);
  };
  const exchangeLine = (exchange: Exchange, check: string) => ({ type: 'exchange', check, ...exchange });
  return {
    onRunStart({ target, checkCount, seed, startedAt, preflight }) {
      open();
      write({ type: 'run', seed, target, checkCount, startedAt });
      for (const exchange of preflight) write(exchangeLine(exchange, 'pre-flight'));
    },
    // A run the pre-flight stopped: its requests, then one `error` line saying why.
    async onRunError({ message, target, preflight }) {
      open();
      for (const exchange of preflight) write(exchangeLine(exchange, 'pre-flight'));
      write({ type: 'error', message, target });
      await close();
    },
    onCheckEnd({ check, outcome, reason, message, reproduction, durationMs, exchanges }) {
      for (const exchange of exchanges) write(exchangeLine(exchange, check.fullName));
      write({ type: 'check', check: check.fullName, outcome, reason, message, reproduction, durationMs });
    },
    async onRunEnd({ result, exitCode }) {
      const skipped = [...result.skipped.values()].reduce((sum, n) => sum + n, 0);
      write({
        type: 'summary',
        seed: result.seed,
        passed: result.passed,
        failed: result.failed.length,
        skipped,
        coverage: result.coverage,
        exitCode,
      });
      await close();
    },
  };
}
