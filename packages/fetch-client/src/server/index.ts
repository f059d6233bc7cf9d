export { type ApiRouteOptions, createApiRoute, type StateChangingOperationId } from './createApiRoute.js';
export {
  createRouteGuard,
  type GuardedHandler,
  type RouteGuardContext,
  type RouteGuardOptions,
} from './createRouteGuard.js';
export { toNodeListener } from './toNodeListener.js';
