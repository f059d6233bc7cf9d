import { createRedactor, isRefusal, type Redactor } from '@inference-infra/edge';
import { hasErrorBrand } from '../errorBrand.js';
import { redactingTextStream } from './answerBody.js';
import { markServesAnyPath } from './handlerScope.js';
import { answerRefusal, refusal } from './refusal.js';
import { admitWebRequest } from './requestDoor.js';

export interface RouteGuardOptions {
  /** The key the app's handlers call the API with: no form of it leaves in an answer, a header or an error. */
  apiKey: string;
  /** As `createApiRoute`'s: the `Host` names the app is served under (default loopback names only). */
  allowedHosts?: readonly string[];
  /** As `createApiRoute`'s: origins of other sites whose pages may call (default none). */
  allowedOrigins?: readonly string[];
  /**
   * How long a handler may take to answer, in ms (default 30 000): past it the visitor gets 504 naming this option
   * and the handler's `signal` aborts, which stops the client calls it was given to. The client's own bound is per
   * attempt (60 s, and a read is retried twice): without this a silent upstream held the visitor for minutes.
   */
  timeoutMs?: number;
}

/** What a guarded handler is given besides the request. */
export interface RouteGuardContext {
  /** Aborted at the deadline or when the visitor goes away: pass it to the client's calls (`{ signal }`). */
  signal: AbortSignal;
}

export type GuardedHandler = (request: Request, context: RouteGuardContext) => Response | Promise<Response>;

/**
 * The door of `createApiRoute` for the app's own endpoints that call the API with the key (`GET /cheapest`, a
 * server-rendered page): `guard(handler)` is a web-standard handler (Hono, Next.js, Workers; `toNodeListener` for
 * Express and `node:http`, where it answers whatever path it is mounted on) that refuses what the route refuses (a
 * path any reader could take for another, a foreign `Host` or target authority, a page of another origin) before the
 * handler spends a call, gives the handler `timeoutMs` (504 past it), and lets no form of the key out: the answer's
 * status text, headers and text body are redacted, and a handler that throws is answered with the spec's error
 * body, its message redacted (a client error keeps its status: 400 for input the client refused, the API's own
 * status, 502 or 504 for no answer). It never rejects.
 */
export function createRouteGuard(
  options: RouteGuardOptions,
): (handler: GuardedHandler) => (request: Request) => Promise<Response> {
  const { apiKey } = options;
  if (typeof apiKey !== 'string' || apiKey === '')
    throw new TypeError('createRouteGuard: apiKey must be a non-empty string');
  const timeoutMs = options.timeoutMs ?? 30_000;
  // setTimeout takes at most 2^31 - 1 ms and fires at once past it.
  if (!Number.isSafeInteger(timeoutMs) || timeoutMs < 1 || timeoutMs > 2_147_483_647)
    throw new TypeError(
      `createRouteGuard: timeoutMs must be a whole number from 1 to 2147483647 (got ${timeoutMs})`,
    );
  const redactor = createRedactor(apiKey);
  const policy = {
    allowedHosts: options.allowedHosts,
    allowedOrigins: options.allowedOrigins,
    owner: 'createRouteGuard',
  };

  return (handler) =>
    markServesAnyPath(async (request: Request): Promise<Response> => {
      try {
        const admitted = admitWebRequest(request, policy);
        if (isRefusal(admitted)) return answerRefusal(admitted);
        return redactedAnswer(await withDeadline(handler, request, timeoutMs), redactor);
      } catch (error) {
        return failureAnswer(error, redactor);
      }
    });
}

const deadlinePassed = Symbol('deadline');

/** The handler's answer, or a 504 once `timeoutMs` has passed (its signal aborted, its late outcome dropped). */
async function withDeadline(handler: GuardedHandler, request: Request, timeoutMs: number): Promise<Response> {
  const controller = new AbortController();
  const visitorGone = () => controller.abort(request.signal.reason);
  request.signal.addEventListener('abort', visitorGone, { once: true });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<typeof deadlinePassed>((resolve) => {
    timer = setTimeout(() => resolve(deadlinePassed), timeoutMs);
  });
  const answer = Promise.resolve().then(() => handler(request, { signal: controller.signal }));
  try {
    const first = await Promise.race([answer, late]);
    if (first !== deadlinePassed) return first;
    // A handler that ignores its signal ends when it ends; its outcome has nobody left to go to.
    void answer.then((dropped) => dropped.body?.cancel()).catch(() => undefined);
    controller.abort(new Error(`the route took longer than ${timeoutMs} ms`));
    return refusal(
      504,
      'route_timeout',
      `The route did not answer within ${timeoutMs} ms (createRouteGuard({ timeoutMs })).`,
    );
  } finally {
    clearTimeout(timer);
    request.signal.removeEventListener('abort', visitorGone);
  }
}

/** Bodies read as text by whoever gets them: these are redacted (an image or a file passes as its bytes). */
const textual = /^(text\/|application\/([\w.+-]*\+)?(json|xml|javascript|x-www-form-urlencoded)\b)/i;

function redactedAnswer(answer: Response, redactor: Redactor): Response {
  const headers = new Headers();
  answer.headers.forEach((value, name) => {
    headers.append(name, redactor.redact(value));
  });
  const type = answer.headers.get('content-type');
  const redactBody = answer.body !== null && (type === null || textual.test(type));
  // Redaction changes the length: the runtime counts it again.
  if (redactBody) headers.delete('content-length');
  const body =
    redactBody && answer.body ? answer.body.pipeThrough(redactingTextStream(redactor)) : answer.body;
  return new Response(body, {
    status: answer.status,
    statusText: redactor.redact(answer.statusText),
    headers,
  });
}

/** The client's errors without a status of their own, by name, and the status they give the visitor. */
const statusByErrorName: Record<string, [number, string]> = {
  APIConnectionTimeoutError: [504, 'upstream_timeout'],
  StreamIdleTimeoutError: [504, 'upstream_timeout'],
  APIConnectionError: [502, 'upstream_unreachable'],
  APIUserAbortError: [499, 'client_closed_request'],
};

/**
 * A handler's failure as the spec's error body: the status its cause says, the message redacted, then cut. The
 * client's errors are told apart by their brand and fields, not `instanceof`: that holds for every installed copy of
 * the client, and keeps their classes out of a route's bundle.
 */
function failureAnswer(error: unknown, redactor: Redactor): Response {
  const message = redactor.excerpt(error instanceof Error ? error.message : String(error), 500);
  if (hasErrorBrand(error)) {
    const { name, status, issues } = error as {
      name: string;
      status?: unknown;
      issues?: { field?: string }[];
    };
    // RequestValidationError: the input broke a rule of the spec and nothing was sent.
    if (Array.isArray(issues))
      return refusal(400, 'invalid_request', message, { param: issues[0]?.field ?? null });
    // An APIError: the API's own status (a 429 stays a 429).
    if (typeof status === 'number') return refusal(status, 'upstream_error', message);
    const [known, code] = statusByErrorName[name] ?? [];
    if (known !== undefined && code !== undefined) return refusal(known, code, message);
  }
  return refusal(500, 'route_failure', `The route failed: ${message}`);
}
