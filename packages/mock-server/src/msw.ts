import { http, type RequestHandler } from 'msw';
import type { Simulator } from './simulator/createSimulator.js';

export interface SimulatorHandlersOptions {
  /** The inference base address the app calls, `/v1` included (default the spec's `http://127.0.0.1:4010/v1`). */
  baseUrl?: string;
  /** The platform base address the app calls (default the spec's `http://127.0.0.1:4011`). */
  platformUrl?: string;
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');

/**
 * MSW request handlers that answer both base addresses from a simulator, for browser and component tests. Every
 * answer is the simulator's own `Response`, so chat's POST stream arrives as real server-sent events (msw's `sse()`
 * covers only GET and EventSource), and faults, state and paging behave as over HTTP.
 *
 * ```ts
 * const simulator = createSimulator();
 * setupWorker(...simulatorHandlers(simulator)).start(); // or setupServer(...) from msw/node
 * ```
 */
export function simulatorHandlers(
  simulator: Simulator,
  {
    baseUrl = 'http://127.0.0.1:4010/v1',
    platformUrl = 'http://127.0.0.1:4011',
  }: SimulatorHandlersOptions = {},
): RequestHandler[] {
  const inference = trimSlash(baseUrl);
  const platform = trimSlash(platformUrl);
  const answer = ({ request }: { request: Request }) => simulator.fetch(request);
  return [
    http.all(`${inference}/*`, answer),
    http.all(`${platform}/api/*`, answer),
    // Generated images' `url`s and the reset call live beside the API paths.
    http.all(`${new URL(inference).origin}/__simulator/*`, answer),
    http.all(`${new URL(platform).origin}/__simulator/*`, answer),
  ];
}
