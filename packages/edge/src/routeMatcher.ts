/** One operation as a door routes it: its method and the spec's path template (`/api/v1/storage/{id}`). */
export interface RouteTemplate {
  method: string;
  path: string;
}

export type RouteMatch<Route extends RouteTemplate> =
  | { kind: 'operation'; route: Route; pathParams: Record<string, string> }
  | { kind: 'method-not-allowed'; allow: string[] }
  | { kind: 'unknown-path' }
  | { kind: 'bad-parameter'; field: string; message: string };

/** A path parameter that would change the path instead of naming a resource in it. */
const pathChanging = new Set(['', '.', '..']);

interface Compiled<Route> {
  route: Route;
  regex: RegExp;
  names: string[];
}

function compile<Route extends RouteTemplate>(route: Route): Compiled<Route> {
  const names: string[] = [];
  const source = route.path
    .split('/')
    .map((segment) => {
      const name = /^\{(.+)\}$/.exec(segment)?.[1];
      if (!name) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(name);
      return '([^/]+)';
    })
    .join('/');
  return { route, regex: new RegExp(`^${source}$`), names };
}

/**
 * The one matcher of a request to the spec's operations, for every door: the API route, the simulator, Prism's
 * front. A path the spec has with another method is `method-not-allowed` with the methods it takes (for `Allow`); a
 * parameter that is broken percent-encoding, empty, `.`, `..` or holds a slash or backslash once decoded is
 * `bad-parameter` naming it, since passed on it would name another path.
 */
export function createRouteMatcher<Route extends RouteTemplate>(
  routes: readonly Route[],
): (method: string, path: string) => RouteMatch<Route> {
  const compiled = routes.map(compile);
  return (method, path) => {
    const allow: string[] = [];
    for (const { route, regex, names } of compiled) {
      const found = regex.exec(path);
      if (!found) continue;
      if (route.method !== method) {
        if (!allow.includes(route.method)) allow.push(route.method);
        continue;
      }
      const pathParams: Record<string, string> = {};
      for (const [index, name] of names.entries()) {
        let value: string;
        try {
          value = decodeURIComponent(found[index + 1] ?? '');
        } catch {
          return { kind: 'bad-parameter', field: name, message: `${name}: must be valid percent-encoding` };
        }
        if (pathChanging.has(value) || /[/\\]/.test(value)) {
          const message = `${name}: must not be empty, ".", ".." or hold "/" or "\\" (it would change the request path; got ${JSON.stringify(value)})`;
          return { kind: 'bad-parameter', field: name, message };
        }
        pathParams[name] = value;
      }
      return { kind: 'operation', route, pathParams };
    }
    return allow.length > 0 ? { kind: 'method-not-allowed', allow } : { kind: 'unknown-path' };
  };
}
