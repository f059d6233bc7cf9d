import { APIPromise } from '../apiPromise.js';
import type { EventStream } from '../eventStream.js';
import type { CallOptions } from './callOptions.js';
import type { CallPipeline } from './callPipeline.js';
import type { HttpMethod, InitOf, PathOf } from './operations.js';

/**
 * A call whose answer is an event stream (`stream: true` on an operation whose spec answers `text/event-stream`).
 * The parser is loaded on the first stream only: apps that never stream do not ship it.
 */
export function streamedCall<T, Method extends HttpMethod, Path extends PathOf<Method>>(
  pipeline: CallPipeline,
  method: Method,
  path: Path,
  init: InitOf<Method, Path>,
  options?: CallOptions,
): APIPromise<EventStream<T>> {
  return new APIPromise(
    import('../eventStream.js').then(({ openEventStream }) =>
      openEventStream<T, Method, Path>(pipeline, method, path, init, options),
    ),
  );
}
