import { type Redactor, redactorFor } from '@inference-infra/edge';
import { createParser } from 'eventsource-parser';
import type { SpecOperation } from '../model/spec.js';
import type { CoverageRecorder } from './coverage.js';
import { curlCommand } from './curlCommand.js';
import type { Exchange, ExchangeLog } from './exchange.js';
import { type RateLimiter, rateLimiterFor } from './rateLimit.js';
import {
  AnswerBrokenOffError,
  AnswerTooLargeError,
  defaultMaxAnswerBytes,
  readAnswer,
} from './readAnswer.js';
import { mayRetryOnNewConnection } from './staleConnection.js';
import { secretsOf, type Target } from './target.js';
import { violation } from './violation.js';

/**
 * How a request authenticates: with the target's key, without the header, or with a header value of the check's
 * choosing (a malformed one). Raw HTTP on purpose: the suite judges the server, not a client library.
 */
export type AuthMode = { kind: 'key' } | { kind: 'none' } | { kind: 'header'; value: string };

export interface ContractRequest {
  op: SpecOperation;
  pathParams?: Record<string, string>;
  query?: Record<string, string | number | boolean>;
  /** A JSON body; sent as given (also when it breaks the spec). */
  body?: unknown;
  /** A body sent as these exact characters with `content-type: application/json` (malformed JSON), instead of `body`. */
  rawBody?: string;
  /** The body's `Content-Type` when not `application/json` (a form, `text/plain`: a media type the spec refuses). */
  contentType?: string;
  /** Another path on the operation's base address (an unknown one), instead of the operation's own. */
  path?: string;
  /** Another method (one the path does not have), instead of the operation's own. */
  method?: string;
  auth?: AuthMode;
}

export interface ContractResponse {
  /** `PATCH /api/v1/storage/vol_1 {"size_gb":9}`, for failure messages. */
  requestLine: string;
  /** The request as a `curl` command, the key written as `$INFERENCE_INFRA_API_KEY`: printed with every failure. */
  curl: string;
  op: SpecOperation;
  status: number;
  headers: Headers;
  /** The media type without parameters, lower case (`application/json`); empty when absent. */
  mediaType: string;
  text: string;
  /** The parsed body when the media type is JSON and the body parses. */
  json?: unknown;
  /** The `data` of each server-sent event, in order, when the answer is `text/event-stream`. */
  events?: string[];
  /** What `prism proxy` found wrong with the answer (its `sl-violations` header), when the run goes through it. */
  proxyViolations?: string[];
  /** The target key's redactor: a message quoting any part of the answer quotes `redactor.excerpt(...)` of it. */
  redactor: Redactor;
}

export interface ContractHttp {
  send(request: ContractRequest): Promise<ContractResponse>;
}

function fillPath(path: string, params: Record<string, string>): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`no value for path parameter ${name} of ${path}`);
    return encodeURIComponent(value);
  });
}

/** One server-sent event: its `data`, and its `event:` name when it has one. */
export interface StreamEvent {
  event?: string;
  data: string;
}

/**
 * Each event of a server-sent event stream, read by the maintained parser the fetch client uses
 * (`eventsource-parser`), so every line end the standard allows (CR, LF, CRLF) reads as the client reads it.
 */
export function readEventStream(text: string): StreamEvent[] {
  const events: StreamEvent[] = [];
  const parser = createParser({
    onEvent: ({ event, data }) => events.push(event === undefined ? { data } : { event, data }),
  });
  parser.feed(text);
  // A CR at the very end may still be the first half of a CRLF, so the parser waits for the next character: the body
  // is whole here, so it ends that line. (An event the stream ends inside of is dropped, as the standard says.)
  if (text.endsWith('\r')) parser.feed('\n');
  return events;
}

/** The `data` of each event of a server-sent event stream (`readEventStream`). */
export function parseEventStream(text: string): string[] {
  return readEventStream(text).map((event) => event.data);
}

/**
 * The answer's body broke off after its status and headers came (the connection closed mid-body). `answer` is what
 * arrived, read as far as it went; the message is the one a check that met it fails with.
 */
export class AnswerBrokenOff extends Error {
  override name = 'AnswerBrokenOff';
  constructor(
    message: string,
    readonly answer: ContractResponse,
  ) {
    super(message);
  }
}

/** A status the suite never expects: a redirect (never followed) or a server failure. */
function unexpectedStatus(response: { status: number; headers: Headers }): string | undefined {
  if (response.status >= 300 && response.status < 400) {
    const location = response.headers.get('location');
    return `answered a redirect (${response.status}${location ? ` to ${location}` : ', without Location'}): an API call is answered where it is sent, and the suite never follows a redirect`;
  }
  if (response.status >= 500) {
    return `answered ${response.status}: no request the suite sends may make a server fail, valid or not`;
  }
  return undefined;
}

/**
 * The violations of the answer in Prism's `sl-violations` header. Those of the request are left out: the negative
 * checks break the request on purpose, and a request the suite got wrong is not the server's fault.
 */
export function answerViolations(header: string, redactor: Redactor): string[] {
  try {
    const entries = JSON.parse(header) as Array<{ location?: string[]; severity?: string; message?: string }>;
    return entries
      .filter((entry) => entry.location?.[0] === 'response' && entry.severity === 'Error')
      .map((entry) => `${entry.location?.slice(1).join('.') ?? ''}: ${entry.message ?? ''}`);
  } catch {
    return [`unreadable sl-violations header: ${redactor.excerpt(header, 120)}`];
  }
}

function authorizationHeader(target: Target, auth: AuthMode): string | undefined {
  switch (auth.kind) {
    case 'key':
      return `Bearer ${target.apiKey}`;
    case 'none':
      return undefined;
    case 'header':
      return auth.value;
  }
}

const exchanges = new WeakMap<ContractResponse, Exchange>();

/** The exchange an answer came from, for a failure's reproduction. */
export function exchangeOf(response: ContractResponse): Exchange | undefined {
  return exchanges.get(response);
}

const errorName = (error: unknown) => (error instanceof Error ? error.name : '');

/** `Error: ...` of fetch's error and its cause, which says what went wrong (ECONNREFUSED, ENOTFOUND, a timeout). */
export function describeFetchError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  if (error.name === 'TimeoutError') return 'timed out';
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? error.message;
}

export interface ContractHttpOptions {
  /** Waits out 429 answers and caps requests a second; the target's own (`rateLimiterFor`) when absent. */
  rateLimiter?: RateLimiter;
  /**
   * What the spec says is wrong with a 429 answer (its body, `X-Request-Id`, `Retry-After`): a 429 is waited out only
   * when it conforms, so a rate limit never hides a broken answer. The checks give their conformance rules here, which
   * keeps the transport below them.
   */
  rateLimitedAnswerProblems?: (response: ContractResponse) => string[];
  /**
   * The transport, `globalThis.fetch` when absent. The suite's own mutation tests hand in the simulator's in-process
   * fetch: a hundred whole runs over sockets cost more than the checks themselves, and the server's answers are the
   * same.
   */
  fetch?: typeof fetch;
  /**
   * Hears every `text/event-stream` answer, whole or broken off, before any check judges it: how the run keeps the
   * streams that failed mid-way for the check of how a stream fails, whichever check met them.
   */
  onEventStream?: (answer: ContractResponse, brokenOff: boolean) => void;
}

export function createContractHttp(
  target: Target,
  coverage: CoverageRecorder,
  log?: ExchangeLog,
  options: ContractHttpOptions = {},
): ContractHttp {
  const secrets = secretsOf(target);
  const redactor = redactorFor(secrets);
  const maxAnswerBytes = target.maxAnswerBytes ?? defaultMaxAnswerBytes;
  const limiter = options.rateLimiter ?? rateLimiterFor(target);
  const send = options.fetch ?? fetch;

  async function exchangeOnce({
    op,
    pathParams = {},
    query = {},
    body,
    rawBody,
    contentType = 'application/json',
    path: otherPath,
    method = op.method,
    auth = { kind: 'key' },
  }: ContractRequest): Promise<ContractResponse> {
    const base = op.surface === 'inference' ? target.baseUrl : target.platformUrl;
    const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
    const path = otherPath ?? fillPath(op.path, pathParams);
    const url = `${base.replace(/\/+$/, '')}${path}${search ? `?${search}` : ''}`;
    const headers: Record<string, string> = { accept: 'application/json, text/event-stream' };
    const authorization = authorizationHeader(target, auth);
    if (authorization !== undefined) headers.authorization = authorization;
    const bodyText = rawBody ?? (body === undefined ? undefined : JSON.stringify(body));
    if (bodyText !== undefined) headers['content-type'] = contentType;
    // Failure messages only read these: built on first read, so the thousands of answers that pass redact nothing
    // for them (the body is redacted whole before it is cut, and the curl command builds a redactor of its own).
    let requestLine: string | undefined;
    const requestLineOf = () => {
      if (requestLine === undefined) {
        // The body in failure messages is cut short: enough to recognise the request, not a page of JSON.
        const shownBody = bodyText === undefined ? '' : ` ${redactor.excerpt(bodyText, 157)}`;
        requestLine = `${method} ${path}${search ? `?${search}` : ''}${shownBody}`;
      }
      return requestLine;
    };
    let curl: string | undefined;
    const curlOf = () => {
      curl ??= curlCommand(
        { method, url, headers, ...(bodyText === undefined ? {} : { body: bodyText }) },
        target.apiKey,
        secrets.slice(1),
      );
      return curl;
    };

    const startedAt = new Date().toISOString();
    const started = performance.now();
    const exchange: Exchange = {
      operationId: op.operationId,
      startedAt,
      method,
      url,
      requestHeaders: headers,
      ...(bodyText === undefined ? {} : { requestBody: bodyText }),
      status: 0,
      statusText: '',
      responseHeaders: [],
      responseBody: '',
      responseBodySize: 0,
      durationMs: 0,
    };
    // One controller for the whole exchange, so a body past the cap can drop the connection, not just stop reading.
    const dropped = new AbortController();
    let response: Response;
    // One deadline for the exchange, a second try on a new connection included.
    const signal = AbortSignal.any([dropped.signal, AbortSignal.timeout(target.requestTimeoutMs)]);
    // A redirect is judged, not followed: the checks must never run against the host it points to.
    const sendOnce = () => send(url, { method, headers, body: bodyText, signal, redirect: 'manual' });
    try {
      response = await sendOnce().catch((error: unknown) => {
        if (!mayRetryOnNewConnection(method, error)) throw error;
        log?.record({
          ...exchange,
          error: describeFetchError(error),
          durationMs: performance.now() - started,
        });
        return sendOnce();
      });
    } catch (cause) {
      const error = describeFetchError(cause);
      log?.record({ ...exchange, error, durationMs: performance.now() - started });
      throw new Error(`${requestLineOf()}: no answer from ${url} (${error})`);
    }
    exchange.status = response.status;
    exchange.statusText = response.statusText;
    exchange.responseHeaders = [...response.headers];
    const mediaType = (response.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    const answerOf = (text: string): ContractResponse => ({
      get requestLine() {
        return requestLineOf();
      },
      get curl() {
        return curlOf();
      },
      op,
      status: response.status,
      headers: response.headers,
      mediaType,
      text,
      redactor,
      ...(mediaType === 'text/event-stream' ? { events: parseEventStream(text) } : {}),
    });
    let text: string;
    try {
      text = await readAnswer(response, maxAnswerBytes, () => dropped.abort());
    } catch (cause) {
      const tooLarge = cause instanceof AnswerTooLargeError;
      // Broken off by the server, not ended by the suite's own deadline (the target's `requestTimeoutMs`).
      const brokenOff =
        cause instanceof AnswerBrokenOffError && !/^(TimeoutError|AbortError)$/.test(errorName(cause.cause));
      const error = tooLarge
        ? `${cause.message} (--max-answer-bytes)`
        : describeFetchError(cause instanceof AnswerBrokenOffError ? cause.cause : cause);
      const partial = tooLarge || cause instanceof AnswerBrokenOffError ? cause.partialText : '';
      const failed: Exchange = {
        ...exchange,
        responseBody: partial,
        responseBodySize: partial.length,
        error,
        durationMs: performance.now() - started,
      };
      log?.record(failed);
      const message = `${requestLineOf()} → ${response.status}: ${error}`;
      if (!brokenOff) throw new Error(message);
      // What arrived before the break is kept: how a stream ended is a promise of its own (the spec's failure event).
      const answer = answerOf(partial);
      exchanges.set(answer, failed);
      if (mediaType === 'text/event-stream') options.onEventStream?.(answer, true);
      throw new AnswerBrokenOff(message, answer);
    }
    exchange.responseBody = text;
    exchange.responseBodySize = text.length;
    exchange.durationMs = performance.now() - started;
    log?.record(exchange);
    coverage.record(op.operationId, response.status);
    const result = answerOf(text);
    const violations = response.headers.get('sl-violations');
    if (violations) result.proxyViolations = answerViolations(violations, redactor);
    if (mediaType === 'application/json' || mediaType.endsWith('+json')) {
      try {
        result.json = JSON.parse(text);
      } catch {
        // Left undefined: the conformance check reports a body that does not parse.
      }
    } else if (mediaType === 'text/event-stream') {
      options.onEventStream?.(result, false);
    }
    exchanges.set(result, exchange);
    return result;
  }

  return {
    async send(request) {
      for (let attempt = 1; ; attempt += 1) {
        await limiter.beforeSend();
        const result = await exchangeOnce(request);
        if (result.status === 429) {
          const problems = options.rateLimitedAnswerProblems?.(result) ?? [];
          if (problems.length > 0) {
            throw violation(
              result,
              `answered 429 (rate limited), and the answer breaks the spec: ${problems.join('; ')}`,
            );
          }
          try {
            await limiter.waitOut(request.op.operationId, result.headers.get('retry-after'), attempt);
          } catch (error) {
            throw violation(result, (error as Error).message);
          }
          continue;
        }
        const unexpected = unexpectedStatus(result);
        if (unexpected) throw violation(result, unexpected);
        return result;
      }
    },
  };
}
