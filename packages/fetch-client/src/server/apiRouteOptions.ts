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
   * The app's own check, run before anything is read or sent: `true` lets the request on, `false` answers 401, a
   * `Response` is answered as it is (a redirect to a sign-in page, say).
   */
  authorize?: (request: Request) => boolean | Response | Promise<boolean | Response>;
  /** The `fetch` that reaches the API (default the global one). */
  fetch?: typeof fetch;
}
