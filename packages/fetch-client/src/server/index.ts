// The edge's fetch that never follows a redirect, for the client an app's own endpoints call the API with: a 3xx
// would resend the key where it points (createApiRoute refuses one itself).
export { RedirectRefusedError, withoutRedirects } from '@inference-infra/edge';
export { type ApiRouteOptions, createApiRoute, type StateChangingOperationId } from './createApiRoute.js';
export {
  createRouteGuard,
  type GuardedHandler,
  type RouteGuardContext,
  type RouteGuardOptions,
} from './createRouteGuard.js';
export { toNodeListener } from './toNodeListener.js';
