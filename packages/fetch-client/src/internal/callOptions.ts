/** What a resource method takes for one call, beyond the operation's params and body (and openapi-fetch's options). */
export interface CallOptions {
  /** Ends the call (and a stream) at once; the call then rejects with `APIUserAbortError`. */
  signal?: AbortSignal;
  /** Overrides the client's timeout for this call. */
  timeoutMs?: number;
  /** Overrides the client's `streamIdleTimeoutMs` for this stream. */
  streamIdleTimeoutMs?: number;
  /** Overrides the client's retries for this call. */
  maxRetries?: number;
  /** Headers for this call, over the client's own (`null` removes one of them). */
  headers?: Record<string, string | null>;
  /** More of fetch's options for every attempt of this call: `cache`, `keepalive`, `priority`, `credentials`... */
  fetchOptions?: FetchOptions;
}

/** fetch's options a caller may add: not the ones the client sets itself. */
export type FetchOptions = Omit<RequestInit, 'body' | 'headers' | 'method' | 'signal' | 'window'> & {
  /** Fetch priority (browsers, Deno); not yet in every `RequestInit` type. */
  priority?: 'high' | 'low' | 'auto';
};
