/**
 * One HTTP exchange of the run, as the suite's client saw it: what HAR and NDJSON reports list, and what a failure's
 * reproduction is built from. Recorded with the key in it; everything that leaves the process goes through
 * `redactExchange` first.
 */
export interface Exchange {
  /** The operation the request was for, or `pre-flight`. */
  operationId: string;
  /** When the request was sent (ISO 8601). */
  startedAt: string;
  method: string;
  url: string;
  requestHeaders: Record<string, string>;
  requestBody?: string;
  /** 0 when no answer came (`error` says why). */
  status: number;
  statusText: string;
  responseHeaders: Array<[string, string]>;
  /** The answer's text, cut at `bodyLimit` characters. */
  responseBody: string;
  /** The whole answer's length in characters, before the cut. */
  responseBodySize: number;
  /** Why no answer came: refused, unknown host, timeout. */
  error?: string;
  /** From sending the request to the end of the answer's body. */
  durationMs: number;
}

/**
 * Bodies kept per exchange. A ledger page or a base64 image can run to megabytes, and a run makes thousands of
 * requests: 64 KiB keeps every error body and most data pages whole, and a report that opens in a browser.
 */
export const bodyLimit = 65_536;

export function cut(text: string, limit = bodyLimit): string {
  return text.length > limit ? text.slice(0, limit) : text;
}

/** Where the client puts its exchanges; the runner takes each check's share when the check ends. */
export interface ExchangeLog {
  record(exchange: Exchange): void;
  /** The exchanges recorded since the last take, oldest first. */
  take(): Exchange[];
}

export function createExchangeLog(): ExchangeLog {
  let pending: Exchange[] = [];
  return {
    record(exchange) {
      pending.push(exchange);
    },
    take() {
      const taken = pending;
      pending = [];
      return taken;
    },
  };
}

export const redacted = '[redacted]';

/**
 * The text with the key replaced. The key without its last character goes too: the authentication checks send the key
 * "changed in its last character", which is all of the secret but one character.
 */
export function redactText(text: string, key: string): string {
  if (!key) return text;
  let out = text.replaceAll(key, redacted);
  if (key.length >= 8) out = out.replaceAll(key.slice(0, -1), redacted);
  return out;
}

export function redactExchange(exchange: Exchange, key: string): Exchange {
  const headers = Object.fromEntries(
    Object.entries(exchange.requestHeaders).map(([name, value]) => [name, redactText(value, key)]),
  );
  return {
    ...exchange,
    url: redactText(exchange.url, key),
    requestHeaders: headers,
    ...(exchange.requestBody === undefined ? {} : { requestBody: redactText(exchange.requestBody, key) }),
    responseHeaders: exchange.responseHeaders.map(([name, value]) => [name, redactText(value, key)]),
    responseBody: redactText(exchange.responseBody, key),
    ...(exchange.error === undefined ? {} : { error: redactText(exchange.error, key) }),
  };
}
