/**
 * Handlers that answer every path they are given (`createRouteGuard`'s, which the app mounts on its own paths), as
 * opposed to `createApiRoute`'s, which answers only the API's and leaves the app's other paths to `next`.
 * `toNodeListener` asks this to know which it adapts.
 */
const anyPath = new WeakSet<object>();

export function markServesAnyPath<Handler extends object>(handler: Handler): Handler {
  anyPath.add(handler);
  return handler;
}

export const servesAnyPath = (handler: object): boolean => anyPath.has(handler);
