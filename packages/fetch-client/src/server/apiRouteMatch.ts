import { createRouteMatcher, type RouteMatch } from '@inference-infra/edge';
import type { Route } from '../internal/operations.js';
import { routes } from '../internal/routes.gen.js';

/** A page's request matched to an operation of the spec, with the address it goes on to. */
export interface ApiRouteMatch {
  route: Route;
  /** Path parameters, decoded. */
  pathParams: Record<string, string>;
  /** The spec's path after the base address (`/chat/completions`, `/api/v1/storage/vol_1`), as the page sent it. */
  specPath: string;
  /** The route as the page names it, parameters as the spec writes them (`/v1/chat/completions`, `/api/v1/storage/{id}`). */
  template: string;
}

/** The spec's paths as the page sends them: inference under `/v1` (the keyless client's `baseUrl`), platform as is. */
const inferencePrefix = '/v1';

interface RouteEntry {
  method: string;
  path: string;
  route: Route;
}

const routeList: RouteEntry[] = Object.entries(routes).flatMap(([method, byPath]) =>
  Object.entries(byPath as Readonly<Record<string, Route>>).map(([path, route]) => ({ method, path, route })),
);

/** One matcher per base address, the edge's (the simulator routes with the same one). */
const matchers = {
  inference: createRouteMatcher(routeList.filter((entry) => entry.route.surface === 'inference')),
  platform: createRouteMatcher(routeList.filter((entry) => entry.route.surface === 'platform')),
};

/** Every method the spec's operations take, for a CORS preflight's answer. */
export const apiMethods = [...new Set(routeList.map((entry) => entry.method))];

/** The spec path a page's pathname names, or undefined when it is neither under `/v1/` nor `/api/`. */
function specPathOf(pathname: string): { specPath: string; surface: Route['surface'] } | undefined {
  if (pathname.startsWith(`${inferencePrefix}/`))
    return { specPath: pathname.slice(inferencePrefix.length), surface: 'inference' };
  if (pathname.startsWith('/api/')) return { specPath: pathname, surface: 'platform' };
  return undefined;
}

/** Whether a pathname is one the route serves at all (`/v1/...` or `/api/...`): other paths are the app's. */
export const isApiPathname = (pathname: string) => specPathOf(pathname) !== undefined;

export type MatchResult =
  | { kind: 'operation'; match: ApiRouteMatch }
  | Exclude<RouteMatch<RouteEntry>, { kind: 'operation' }>;

/** Matches a page's method and pathname to one operation of the spec, checking its path parameters. */
export function matchApiRoute(method: string, pathname: string): MatchResult {
  const located = specPathOf(pathname);
  if (!located) return { kind: 'unknown-path' };
  const matched = matchers[located.surface](method, located.specPath);
  if (matched.kind !== 'operation') return matched;
  return {
    kind: 'operation',
    match: {
      route: matched.route.route,
      pathParams: matched.pathParams,
      specPath: located.specPath,
      template:
        located.surface === 'inference' ? `${inferencePrefix}${matched.route.path}` : matched.route.path,
    },
  };
}
