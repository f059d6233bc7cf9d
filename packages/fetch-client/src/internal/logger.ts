import { ClientConfigError } from './clientConfig.js';
import { redactSecret } from './redactSecret.js';

/** How much the client tells its logger: each level includes the ones before it. */
export const logLevels = ['off', 'error', 'warn', 'info', 'debug'] as const;
export type LogLevel = (typeof logLevels)[number];

/** Where the client's log lines go: `console` by default, or pino, winston, a test spy. */
export interface Logger {
  error(message: string, ...details: unknown[]): void;
  warn(message: string, ...details: unknown[]): void;
  info(message: string, ...details: unknown[]): void;
  debug(message: string, ...details: unknown[]): void;
}

/** Logs at `level` when the client's level lets it through, the key redacted from the message and every detail. */
export type Log = ((level: Exclude<LogLevel, 'off'>, message: string, details?: object) => void) & {
  readonly level: LogLevel;
};

/** `value` if it is a level, else an error naming where it came from (the option or the variable) and the levels. */
export function checkedLogLevel(name: string, value: string | undefined): LogLevel {
  if (value === undefined) return 'off';
  if ((logLevels as readonly string[]).includes(value)) return value as LogLevel;
  throw new ClientConfigError(`${name} must be one of ${logLevels.join(', ')} (got "${value}")`);
}

/**
 * The spellings a key can take when something echoes it: as is, percent-encoded (in a URL), JSON-escaped (`"`, `\`)
 * and with `/` escaped as `\/` (some JSON encoders). A log line is redacted of each, so an echo in a body or a query
 * string is caught as well as one in a header.
 */
function spellingsOf(secret: string): string[] {
  const json = JSON.stringify(secret).slice(1, -1);
  return [...new Set([secret, encodeURIComponent(secret), json, json.replaceAll('/', '\\/')])];
}

export function createLog(level: LogLevel, logger: Logger, secret: string | undefined): Log {
  const threshold = logLevels.indexOf(level);
  const spellings = secret ? spellingsOf(secret) : [];
  const redact = <T>(value: T) =>
    spellings.reduce((redacted, spelling) => redactSecret(redacted, spelling), value);
  const log = (lineLevel: Exclude<LogLevel, 'off'>, message: string, details?: object) => {
    if (logLevels.indexOf(lineLevel) > threshold) return;
    const line = `[inference-infra] ${redact(message)}`;
    if (details) logger[lineLevel](line, redact(details));
    else logger[lineLevel](line);
  };
  return Object.assign(log, { level });
}
