import { ClientConfigError } from '../errors.js';
import { type KeyRedactor, redactorOf } from './keyRedaction.js';

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
  /** Whether a line at `level` would be written: build a line only then, so a client that logs nothing pays nothing. */
  enabled(level: Exclude<LogLevel, 'off'>): boolean;
  /**
   * The same log, redacting the credentials in these headers too: those a request or an answer carries of its own.
   * Read when a line is first written, not before: most calls write none, and a log that is off writes none at all.
   */
  withCredentialsOf(headers: Headers): Log;
};

/** Headers whose values are credentials, whoever set them: the client, a `headers` option, a middleware, the server. */
export const credentialHeaders = [
  'authorization',
  'proxy-authorization',
  'x-api-key',
  'api-key',
  'cookie',
  'set-cookie',
];

/**
 * The credentials in `headers`: of `Bearer <token>` (any scheme) the token, so a log still shows the scheme; else the
 * whole value. A key passed as a header rather than as `apiKey` is a secret all the same.
 */
export function credentialsIn(headers: Headers): string[] {
  return credentialHeaders.flatMap((name) => {
    const value = headers.get(name);
    if (!value) return [];
    const token = /^[A-Za-z][\w-]*\s+(\S.*)$/.exec(value)?.[1];
    return [name.endsWith('cookie') || !token ? value : token];
  });
}

/** `value` if it is a level, else an error naming where it came from (the option or the variable) and the levels. */
export function checkedLogLevel(name: string, value: string | undefined): LogLevel {
  if (value === undefined) return 'off';
  if ((logLevels as readonly string[]).includes(value)) return value as LogLevel;
  throw new ClientConfigError(`${name} must be one of ${logLevels.join(', ')} (got "${value}")`);
}

export function createLog(level: LogLevel, logger: Logger, secret: string | undefined): Log {
  return redactingLog(level, logger, secret, () => []);
}

function redactingLog(
  level: LogLevel,
  logger: Logger,
  key: string | undefined,
  credentials: () => readonly string[],
): Log {
  const threshold = logLevels.indexOf(level);
  // Built with the first line written: a call that logs nothing reads no credential and builds no redactor.
  let redactors: KeyRedactor[] | undefined;
  const redact = <T>(value: T) => {
    redactors ??= [key, ...new Set(credentials())]
      .map((secret, at) => redactorOf(secret === key && at > 0 ? undefined : secret, at > 0))
      .filter((redactor) => redactor !== undefined);
    return redactors.reduce((redacted, redactor) => redactor.redactValue(redacted), value);
  };
  // Asked several times a call: with logging off, no lookup at all (an indexOf each was ~1.5% of a GET, measured).
  const enabled = (lineLevel: Exclude<LogLevel, 'off'>) =>
    threshold > 0 && logLevels.indexOf(lineLevel) <= threshold;
  const write = (lineLevel: Exclude<LogLevel, 'off'>, message: string, details?: object) => {
    const line = `[inference-infra] ${redact(message)}`;
    if (details) logger[lineLevel](line, redact(details));
    else logger[lineLevel](line);
  };
  const log = (lineLevel: Exclude<LogLevel, 'off'>, message: string, details?: object) => {
    if (!enabled(lineLevel)) return;
    // The pipeline loads the redactor before a call that logs is sent; a line written before it has loaded would
    // have every text hidden whole (`redactorOf`), never shown.
    write(lineLevel, message, details);
  };
  const withCredentialsOf = (headers: Headers) =>
    threshold === 0
      ? self
      : redactingLog(level, logger, key, () => [...credentials(), ...credentialsIn(headers)]);
  const self: Log = Object.assign(log, { level, enabled, withCredentialsOf });
  return self;
}
