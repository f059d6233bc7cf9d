/**
 * What `toNodeListener` knows of a request that a web `Request` cannot carry: the local address it arrived on, and
 * every `Host` and `Origin` it sent (a `Request`'s headers keep one value per name, node's `req.headers` the first
 * only). Kept beside the Request rather than in headers, which any client could send: only code of this entry can
 * write it. Web-standard runtimes say none of this, so their requests have no record and are judged by their headers.
 */
export interface RequestArrival {
  localAddress?: string | undefined;
  hosts?: readonly string[];
  origins?: readonly string[];
}

const arrivals = new WeakMap<Request, RequestArrival>();

export function recordArrival(request: Request, arrival: RequestArrival): void {
  arrivals.set(request, arrival);
}

export const arrivalOf = (request: Request): RequestArrival | undefined => arrivals.get(request);
