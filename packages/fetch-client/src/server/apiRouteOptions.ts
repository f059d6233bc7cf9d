import type { ServerTelemetryOptions } from '@inference-infra/edge';
import type { routes } from '../internal/routes.gen.js';

type RouteEntry = {
  [Method in keyof typeof routes]: (typeof routes)[Method][keyof (typeof routes)[Method]];
}[keyof typeof routes];
/** An operation that changes state or costs money (`x-state-changing`): forwarded only when listed. */
export type StateChangingOperationId = Extract<RouteEntry, { stateChanging: true }>['operationId'];

export interface ApiRouteOptions {
  /** The key the route adds to every request it forwards. It never reaches the page. */
  apiKey: string;
  /** The inference base address, `/v1` included (the `{base_url}` of the spec). */
  baseUrl: string;
  /** The platform base address, without `/api/v1` (the `{platform_url}` of the spec). */
  platformUrl: string;
  /**
   * The state-changing or billable operations this route forwards, for example `['createChatCompletion']`. Reading
   * operations are always forwarded; any other is refused with 403, so a page cannot spend more than the app offers.
   */
  operations?: readonly StateChangingOperationId[];
  /** Origins of other sites whose pages may use the route (CORS). Default: none, only the route's own origin. */
  allowedOrigins?: readonly string[];
  /**
   * Host names the app is served under (`app.example.com`, with a port when it matters). Default: loopback names only
   * (`localhost`, `127.x.x.x`, `[::1]`), and through `toNodeListener` only for requests that arrived on loopback, so
   * a route deployed under another name, or reachable from other machines, must list its names: against DNS
   * rebinding.
   */
  allowedHosts?: readonly string[];
  /** Largest request body, in bytes (default 1 MiB): larger ones get 413 and are not read further. */
  maxBodyBytes?: number;
  /**
   * How long the page's body may take to arrive, in ms (default 30 000): a slower one gets 408. A page that sends
   * its headers and then trickles its body would otherwise hold a connection and a buffer for as long as it likes.
   */
  bodyTimeoutMs?: number;
  /**
   * How long the API may take to answer with its status and headers, in ms (default 120 000): past it the call is
   * aborted and the page gets 504 naming this option. A chat's first byte can take a while on a loaded model; without
   * a bound the page would wait on the runtime's own (undici's is 300 s), then get a bare failure.
   */
  upstreamTimeoutMs?: number;
  /**
   * The most bytes of an answer passed to the page (default 64 MiB), counted after any decompression: past it the
   * answer is cut. Its status is sent by then, so the page sees a stream that ends early, never an answer swollen
   * by a compressed body (the route asks for `identity`, but an upstream may compress anyway).
   */
  maxAnswerBytes?: number;
  /**
   * How long an answer's body may stay silent between two chunks, in ms (default 120 000): past it the answer is
   * cut, and the upstream call with it. A stream's events come seconds apart at most; a silent one holds a
   * connection on both sides for nothing.
   */
  answerIdleTimeoutMs?: number;
  /**
   * How long a whole answer may take to arrive, in ms (default 600 000): past it the answer is cut, and the upstream
   * call with it. An upstream that trickles a byte now and then never falls silent long enough for the idle bound,
   * and would hold the page's connection for ever.
   */
  answerTimeoutMs?: number;
  /**
   * The app's own check, run before anything is read or sent: `true` lets the request on, `false` answers 401, a
   * `Response` is answered as it is (a redirect to a sign-in page, say).
   */
  authorize?: (request: Request) => boolean | Response | Promise<boolean | Response>;
  /** The `fetch` that reaches the API (default the global one). */
  fetch?: typeof fetch;
  /**
   * OpenTelemetry: each forwarded request is a SERVER span continuing the page's `traceparent` and the parent of the
   * upstream call, reported to the registered SDK by default; a `tracerProvider` of its own, or `false` for none.
   */
  telemetry?: ServerTelemetryOptions | false;
}
