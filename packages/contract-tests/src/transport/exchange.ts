import type { Redactor } from '@inference-infra/edge';

/**
 * One HTTP exchange of the run, as the suite's client saw it: what HAR and NDJSON reports list, and what a failure's
 * reproduction is built from. Recorded with the key in it; everything that leaves the process goes through
 * `shownExchange` first.
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
  /** The answer's text: whole as recorded, cut at `bodyLimit` characters once shown (`shownExchange`). */
  responseBody: string;
  /** The whole answer's length in characters, before any cut (as far as it was read, for one past the cap). */
  responseBodySize: number;
  /** Why no answer came (refused, unknown host, timeout), or why its body was not read to the end. */
  error?: string;
  /** From sending the request to the end of the answer's body. */
  durationMs: number;
}

/**
 * Bodies kept per exchange. A ledger page or a base64 image can run to megabytes, and a run makes thousands of
 * requests: 64 KiB keeps every error body and most data pages whole, and a report that opens in a browser.
 */
export const bodyLimit = 65_536;

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

/**
 * The exchange as it may leave the process, for HAR and NDJSON: every string redacted (status text, header names and
 * values, URL, bodies, error), and only then the answer's body cut at `bodyLimit`, so no cut can keep a piece of the
 * key that redaction would have caught whole.
 */
export function shownExchange(exchange: Exchange, redactor: Redactor): Exchange {
  const redact = (text: string) => redactor.redact(text);
  return {
    ...exchange,
    url: redact(exchange.url),
    requestHeaders: Object.fromEntries(
      Object.entries(exchange.requestHeaders).map(([name, value]) => [redact(name), redact(value)]),
    ),
    ...(exchange.requestBody === undefined ? {} : { requestBody: redact(exchange.requestBody) }),
    statusText: redact(exchange.statusText),
    responseHeaders: exchange.responseHeaders.map(([name, value]) => [redact(name), redact(value)]),
    responseBody: redactor.redactedPrefix(exchange.responseBody, bodyLimit),
    ...(exchange.error === undefined ? {} : { error: redact(exchange.error) }),
  };
}
