import type { Surface } from '../specRoutes.js';
import type { SimulatorState } from './simulatorState.js';

/** A request as it reaches the simulator, whichever way it was served (HTTP, in process, MSW). */
export interface SimulatorRequest {
  method: string;
  url: URL;
  /** Header names in lower case. */
  headers: Record<string, string | undefined>;
  /** The body as text ('' when there is none). */
  body: string;
  requestId: string;
  /** The operation the method and path name, if any (read by interceptors). */
  operationId: string | undefined;
  /**
   * The base address the request arrived on, when each has its own origin (the HTTP server's two ports), so a path
   * of the other one is a 404. Without it the path decides: platform paths start with `/api/`.
   */
  surface?: Surface;
}

/** An answer before it is written: transports turn it into bytes, events or a web `Response`. */
export interface SimulatorResponse {
  status: number;
  headers: Record<string, string>;
  /** A JSON body. */
  json?: unknown;
  /** Write `json` piece by piece rather than as one string: set by operations whose answers can be large. */
  chunked?: boolean;
  /** The `data` of each server-sent event, in order (`[DONE]` included when the stream ends normally). */
  events?: string[];
  /** A binary body (served images), with its `content-type` in `headers`. */
  bytes?: Uint8Array<ArrayBuffer>;
  /** Wait this long before answering (`X-Simulate: delay-ms=...`). */
  delayMs?: number;
  /** End the connection abruptly after this many events (`X-Simulate: stream-cut-after=...`). */
  cutAfterEvents?: number;
  /** Pause this many events in for `stallMs` (`X-Simulate: stream-stall-after=...`). */
  stallAfterEvents?: number;
  /** How long the stall lasts, in milliseconds (`stream-stall-ms`). */
  stallMs?: number;
  /** The pause between events of this answer, over the simulator's `streamEventIntervalMs` (`stream-drip-ms`). */
  eventIntervalMs?: number;
  /** Send `errorEvent` after this many events and end without `[DONE]` (`stream-error-after`). */
  errorEventAfter?: number;
  /** The `data` of that event: an `ErrorResponse` as JSON. */
  errorEvent?: string;
  /** Send a frame that is not JSON after this many events, then end (`stream-malformed-after`). */
  malformedAfterEvents?: number;
}

export type SimulatorHandler = (request: SimulatorRequest) => SimulatorResponse;

/**
 * Wraps the simulator's handler: sees every request before it and every answer after it, with the state. For tools
 * that test other tools (the contract suite's mutants each break one promise this way).
 */
export type SimulatorInterceptor = (next: SimulatorHandler, state: SimulatorState) => SimulatorHandler;
