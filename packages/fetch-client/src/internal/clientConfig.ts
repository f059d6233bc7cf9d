import { ClientConfigError } from '../errors.js';
import { redactKey } from './keyRedaction.js';
import { checkedLogLevel, createLog, type Log, type Logger, type LogLevel } from './logger.js';
import { defaultRetryPolicy, type RetryPolicy } from './retryPolicy.js';
import type { TelemetryOptions } from './telemetry/telemetryOptions.js';

export interface ClientOptions {
  /**
   * Bearer key for both base addresses. Default: `INFERENCE_INFRA_API_KEY` where `process.env` exists. `null` makes
   * a keyless client, for an app's own route that adds the key on its server: no `Authorization` header is sent.
   */
  apiKey?: string | null;
  /**
   * Allow a key in a browser page (`window` and `document` present), where anyone who loads the page can read it.
   * Off: creating such a client throws. Not needed for `apiKey: null`.
   */
  dangerouslyAllowBrowser?: boolean;
  /** What to log: `off` (default), `error`, `warn`, `info` or `debug`. Default: `INFERENCE_INFRA_LOG`. */
  logLevel?: LogLevel;
  /** Where log lines go. Default: `console`. */
  logger?: Logger;
  /** Inference base address, `/v1` included. Default: `INFERENCE_INFRA_BASE_URL`. */
  baseUrl?: string;
  /** Platform base address, without `/api/v1`. Default: `INFERENCE_INFRA_PLATFORM_URL`. */
  platformUrl?: string;
  /** Retries after the first attempt, for failures where a retry is safe. Default 2; 0 turns retries off. */
  maxRetries?: number;
  /** Time allowed for one attempt, in milliseconds (for a stream: until its headers). Default 60 000. */
  timeoutMs?: number;
  /**
   * Longest silence of a stream between two chunks (and before the first), in milliseconds; past it (within a quarter
   * more) the stream ends with `StreamIdleTimeoutError`. Default 60 000: a model that has started answering sends tokens well within it.
   */
  streamIdleTimeoutMs?: number;
  /** The fetch to use (a test double, a proxy-aware fetch). Default: `globalThis.fetch`. */
  fetch?: typeof globalThis.fetch;
  /** Extra headers for every request. */
  headers?: Record<string, string>;
  /** Allow plain `http://` to hosts other than loopback. Off: the key would travel in clear. */
  allowInsecureHttp?: boolean;
  /**
   * OpenTelemetry: by default, spans and metrics go to what the app registered with `@opentelemetry/api`, and
   * nothing happens when nothing is registered. Providers of its own for this client, or `false` for none at all.
   */
  telemetry?: TelemetryOptions | false;
}

/** The options of the main entry, which validates requests; `withOptions` takes these on either entry. */
export interface ValidatingClientOptions extends ClientOptions {
  /**
   * Check bodies and queries against the spec before sending (default true). Off leaves it to the server. The core
   * entry has no validator and ignores this.
   */
  validate?: boolean;
}

export interface ResolvedConfig {
  /** Undefined for a keyless client (`apiKey: null`). */
  apiKey: string | undefined;
  baseUrls: { inference: string | undefined; platform: string | undefined };
  retry: RetryPolicy;
  timeoutMs: number;
  streamIdleTimeoutMs: number;
  fetch: typeof globalThis.fetch;
  headers: Record<string, string>;
  log: Log;
  telemetry: TelemetryOptions | false | undefined;
}

/**
 * Reads `process.env` without importing anything Node-only, so the client runs in browsers and edge runtimes too.
 * Deno has a `process` whose `env` throws without `--allow-env`: a variable it will not read counts as unset.
 */
function env(name: string): string | undefined {
  try {
    const process = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process;
    const value = process?.env?.[name];
    return value === '' ? undefined : value;
  } catch {
    return undefined;
  }
}

const loopbackHosts = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/;

function checkedBaseUrl(name: string, value: string | undefined, allowInsecureHttp: boolean) {
  if (value === undefined) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {}
  // fetch refuses such a URL with an error that quotes it whole, key included; the value is not shown.
  if (url?.username || url?.password) throw new ClientConfigError(`${name} must not hold credentials`);
  if (url?.protocol !== 'https:' && url?.protocol !== 'http:') {
    throw new ClientConfigError(`${name} must be an absolute http(s) URL (got "${value}")`);
  }
  if (url.protocol === 'http:' && !loopbackHosts.test(url.hostname) && !allowInsecureHttp) {
    throw new ClientConfigError(
      `${name} uses plain http:// to ${url.hostname}: the API key would travel unencrypted. ` +
        'Use https://, or pass allowInsecureHttp: true if the network is trusted.',
    );
  }
  return value.replace(/\/+$/, '');
}

/** The longest wait `setTimeout` can make: a longer one fires at once, so a larger `timeoutMs` would fail every call. */
export const maxTimeoutMs = 2_147_483_647;

/** `value` if it is a whole number in bounds, `fallback` if it is undefined; else an error naming the option. */
export function checkedWholeNumber(
  name: string,
  value: number | undefined,
  fallback: number,
  minimum: number,
  maximum = Number.MAX_SAFE_INTEGER,
): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < minimum || value > maximum) {
    const bounds =
      maximum === Number.MAX_SAFE_INTEGER ? `of at least ${minimum}` : `from ${minimum} to ${maximum}`;
    throw new ClientConfigError(`${name} must be a whole number ${bounds} (got ${value})`);
  }
  return value;
}

/** What a header can carry: printable ASCII. A pasted line break would otherwise surface in a runtime's error text. */
const headerSafe = /^[\x21-\x7e]+$/;

/** A header name fetch sends: an HTTP token. */
const headerName = /^[\w!#$%&'*+.^`|~-]+$/;
/** What fetch refuses in a header value, once the whitespace around it is trimmed: NUL, CR, LF, above U+00FF. */
const headerValueRefused = /[\0\r\n\u0100-\uffff]/;
const httpWhitespaceAround = /^[\t\n\r ]+|[\t\n\r ]+$/g;

/**
 * `headers` (a plain object or a list of pairs; `null` removes a header for one call) when fetch can send every one of them. Else the
 * error names the option, the header and the rule, where fetch's own error calls it a failed connection and quotes
 * the value: a value is never shown (it may be a credential), a name only with the key redacted.
 */
export function checkedHeaders<T extends object | undefined>(option: string, headers: T, apiKey?: string): T {
  // A `Headers` was checked as it was made; the low-level calls also take a list of pairs, checked like an object.
  const prototype = headers && Object.getPrototypeOf(headers);
  const plain = prototype === Object.prototype || prototype === null;
  if (!headers || !(plain || Array.isArray(headers))) return headers;
  // An object's keys name headers case-insensitively: two keys for one header would send one value and drop the
  // other unseen, so they are refused. A list of pairs repeats a name on purpose (fetch appends each).
  const seen = new Map<string, string>();
  for (const pair of plain ? Object.entries(headers) : (headers as unknown[])) {
    if (!Array.isArray(pair) || pair.length !== 2) {
      throw new ClientConfigError(`${option}: a list of headers holds [name, value] pairs`);
    }
    const name = String(pair[0]);
    const value: unknown = pair[1];
    // Before the redactor has loaded (a first createClient), a name is hidden whole: it could hold the key.
    const shown = JSON.stringify(redactKey(name, apiKey).slice(0, 60));
    if (!headerName.test(name)) {
      throw new ClientConfigError(
        `${option}: ${shown} is not a header name (an HTTP token: letters, digits, !#$%&'*+-.^_\`|~)`,
      );
    }
    const earlier = plain ? seen.get(name.toLowerCase()) : undefined;
    if (earlier !== undefined) {
      throw new ClientConfigError(
        `${option}: ${earlier} and ${shown} name one header (header names ignore case): give it once`,
      );
    }
    if (plain) seen.set(name.toLowerCase(), shown);
    if (
      value !== null &&
      value !== undefined &&
      headerValueRefused.test(String(value).replace(httpWhitespaceAround, ''))
    ) {
      throw new ClientConfigError(
        `${option}[${shown}]: a header value holds no line break, NUL or character above U+00FF (value not shown)`,
      );
    }
  }
  return headers;
}

/** A browser page, where code and its constants are readable by whoever loads it (a worker has no `document`). */
function inBrowserPage() {
  const page = globalThis as { window?: unknown; document?: unknown };
  return page.window !== undefined && page.document !== undefined;
}

export function resolveConfig(options: ClientOptions): ResolvedConfig {
  const apiKey = options.apiKey === null ? undefined : (options.apiKey ?? env('INFERENCE_INFRA_API_KEY'));
  if (options.apiKey !== null && !apiKey) {
    throw new ClientConfigError(
      'apiKey is missing: pass createClient({ apiKey }) or set INFERENCE_INFRA_API_KEY. ' +
        'Keys are created in the dashboard (Keys page, API Keys tab). ' +
        'For your own route that adds the key on its server, pass apiKey: null.',
    );
  }
  if (apiKey && inBrowserPage() && !options.dangerouslyAllowBrowser) {
    throw new ClientConfigError(
      'An API key in a browser page can be read by anyone who loads the page. Keep the key on your server: ' +
        "call the API from there, or send the browser's calls through a route of yours with createClient({ apiKey: null }). " +
        'Pass dangerouslyAllowBrowser: true only if every user of this page may hold the key.',
    );
  }
  if (apiKey !== undefined && !headerSafe.test(apiKey)) {
    // The value is a secret: the message says what is wrong with it, never what it is.
    throw new ClientConfigError(
      'apiKey must be printable ASCII, without spaces or line breaks (value not shown)',
    );
  }
  const allowInsecureHttp = options.allowInsecureHttp ?? false;
  const fetchImpl = options.fetch ?? globalThis.fetch;
  if (typeof fetchImpl !== 'function') {
    throw new ClientConfigError('No fetch is available: pass createClient({ fetch }) on this runtime.');
  }
  return {
    apiKey,
    baseUrls: {
      inference: checkedBaseUrl(
        'baseUrl',
        options.baseUrl ?? env('INFERENCE_INFRA_BASE_URL'),
        allowInsecureHttp,
      ),
      platform: checkedBaseUrl(
        'platformUrl',
        options.platformUrl ?? env('INFERENCE_INFRA_PLATFORM_URL'),
        allowInsecureHttp,
      ),
    },
    retry: { ...defaultRetryPolicy, maxRetries: checkedWholeNumber('maxRetries', options.maxRetries, 2, 0) },
    timeoutMs: checkedWholeNumber('timeoutMs', options.timeoutMs, 60_000, 1, maxTimeoutMs),
    streamIdleTimeoutMs: checkedWholeNumber(
      'streamIdleTimeoutMs',
      options.streamIdleTimeoutMs,
      60_000,
      1,
      maxTimeoutMs,
    ),
    // Bound so a test double or polyfill keeps its `this`.
    fetch: (input, init) => fetchImpl(input, init),
    headers: { ...checkedHeaders('headers', options.headers, apiKey) },
    telemetry: checkedTelemetry(options.telemetry),
    log: createLog(
      options.logLevel === undefined
        ? checkedLogLevel('INFERENCE_INFRA_LOG', env('INFERENCE_INFRA_LOG'))
        : checkedLogLevel('logLevel', options.logLevel),
      options.logger ?? console,
      apiKey,
    ),
  };
}

const providerMethods = {
  tracerProvider: 'getTracer',
  meterProvider: 'getMeter',
  propagator: 'inject',
} as const;

/** The telemetry option as given, or an error naming what in it is not a provider. */
function checkedTelemetry(telemetry: ClientOptions['telemetry']): ResolvedConfig['telemetry'] {
  if (telemetry === undefined || telemetry === false) return telemetry;
  if (typeof telemetry !== 'object' || telemetry === null)
    throw new ClientConfigError('telemetry must be an object of options or false');
  for (const [name, method] of Object.entries(providerMethods)) {
    const value = (telemetry as Record<string, unknown>)[name];
    if (value !== undefined && typeof (value as Record<string, unknown>)?.[method] !== 'function')
      throw new ClientConfigError(
        `telemetry.${name} must be an OpenTelemetry ${name} (an object with ${method}())`,
      );
  }
  const capture = telemetry.captureMessageContent;
  if (capture !== undefined && typeof capture !== 'boolean')
    throw new ClientConfigError('telemetry.captureMessageContent must be true or false');
  return telemetry;
}
