import type { Route } from '../internal/operations.js';
import { routes } from '../internal/routes.gen.js';

/** A page's request matched to an operation of the spec, with the address it goes on to. */
export interface ApiRouteMatch {
  route: Route;
  /** Path parameters, decoded. */
  pathParams: Record<string, string>;
  /** The spec's path after the base address (`/chat/completions`, `/api/v1/storage/vol_1`), as the page sent it. */
  specPath: string;
}

interface Pattern {
  method: string;
  regex: RegExp;
  names: string[];
  route: Route;
}

/** The spec's paths as the page sends them: inference under `/v1` (the keyless client's `baseUrl`), platform as is. */
const inferencePrefix = '/v1';

const routeList = Object.entries(routes).flatMap(([method, byPath]) =>
  Object.entries(byPath as Readonly<Record<string, Route>>).map(([path, route]) => ({ method, path, route })),
);

const patterns: Pattern[] = routeList.map(({ method, path, route }) => {
  const names: string[] = [];
  const source = path
    .split('/')
    .map((segment) => {
      const parameter = /^\{(.+)\}$/.exec(segment)?.[1];
      if (!parameter) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(parameter);
      return '([^/]+)';
    })
    .join('/');
  return { method, regex: new RegExp(`^${source}$`), names, route };
});

/** Every method the spec's operations take, for a CORS preflight's answer. */
export const apiMethods = [...new Set(patterns.map((pattern) => pattern.method))];

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
  | { kind: 'method-not-allowed'; allow: string[] }
  | { kind: 'unknown-path' }
  | { kind: 'bad-parameter'; field: string; message: string };

/** A path parameter that would change the upstream path instead of naming a resource in it (as the client refuses). */
const pathChanging = new Set(['', '.', '..']);

/** Matches a page's method and pathname to one operation of the spec, checking its path parameters. */
export function matchApiRoute(method: string, pathname: string): MatchResult {
  const located = specPathOf(pathname);
  if (!located) return { kind: 'unknown-path' };
  const allow: string[] = [];
  for (const pattern of patterns) {
    if (pattern.route.surface !== located.surface) continue;
    const found = pattern.regex.exec(located.specPath);
    if (!found) continue;
    if (pattern.method !== method) {
      allow.push(pattern.method);
      continue;
    }
    const pathParams: Record<string, string> = {};
    for (const [index, name] of pattern.names.entries()) {
      let value: string;
      try {
        value = decodeURIComponent(found[index + 1] ?? '');
      } catch {
        return { kind: 'bad-parameter', field: name, message: `${name}: must be valid percent-encoding` };
      }
      if (pathChanging.has(value) || value.includes('/')) {
        const message = `${name}: must not be empty, ".", ".." or contain "/" (it would change the request path; got "${value}")`;
        return { kind: 'bad-parameter', field: name, message };
      }
      pathParams[name] = value;
    }
    return { kind: 'operation', match: { route: pattern.route, pathParams, specPath: located.specPath } };
  }
  return allow.length > 0 ? { kind: 'method-not-allowed', allow } : { kind: 'unknown-path' };
}
