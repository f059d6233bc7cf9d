import type { Logger } from '@inference-infra/fetch-client';
import type { Redact } from '../shared/redaction.js';
import { cutText } from '../shared/redaction.js';

/** The longest log line written: a debug line of a large body says enough in this much. */
const maxLineLength = 4000;

/**
 * A logger that writes to stderr only. Over stdio, stdout is the protocol: one stray line there (the fetch client
 * logs to `console` by default, and `console.info` is stdout) would break the client's parser.
 */
export function stderrLogger(
  redact: Redact,
  write: (line: string) => void = (line) => process.stderr.write(line),
): Logger {
  const line =
    (level: string) =>
    (message: string, ...details: unknown[]) => {
      const text = [message, ...details.map((detail) => safeJson(detail))].join(' ');
      write(`${cutText(redact(`[${level}] ${text}`), maxLineLength)}\n`);
    };
  return { error: line('error'), warn: line('warn'), info: line('info'), debug: line('debug') };
}

function safeJson(value: unknown): string {
  try {
    return typeof value === 'string' ? value : JSON.stringify(value);
  } catch {
    return String(value);
  }
}
