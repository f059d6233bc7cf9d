export { type ApiRouteOptions, createApiRoute, type StateChangingOperationId } from './createApiRoute.js';
export { toNodeListener } from './toNodeListener.js';
