/** A result that also tells which request produced it, for support tickets and log correlation. */
export type WithRequestId<T> = T & { readonly requestId: string | null };

/**
 * Adds `requestId` (from `X-Request-Id`) to a result as a non-enumerable property, so it is there to read but does
 * not show up in JSON or in deep-equality checks against plain objects.
 */
export function withRequestId<T>(data: T, response: Response): WithRequestId<T> {
  const target = (typeof data === 'object' && data !== null ? data : {}) as object;
  Object.defineProperty(target, 'requestId', {
    value: response.headers.get('x-request-id'),
    enumerable: false,
    configurable: true,
  });
  return target as WithRequestId<T>;
}
