import type { SpecModel, Surface } from '@inference-infra/types/spec-model';

export type { Surface };

/** One operation of the bundled spec, as the mock routes and checks it. */
export interface SpecRoute {
  operationId: string;
  /** Upper case: `GET`, `PATCH`. */
  method: string;
  surface: Surface;
  /** The path as keyed in the spec, for example `/api/v1/storage/{id}`. */
  specPath: string;
  /** Names of the path parameters, in the order they appear. */
  pathParams: string[];
  /** The JSON type of each query parameter (`integer`, `string`), so query text can be read as the spec types it. */
  queryTypes: Record<string, string>;
  /** Whether the operation takes a JSON body. */
  jsonBody: boolean;
  /** `x-state-changing`: the call changes state or is billable. */
  stateChanging: boolean;
  /** What the base address puts before the spec's paths: `/v1` for inference (as OpenAI's), nothing for platform. */
  basePath: string;
  pattern: RegExp;
}

/**
 * The operations of the spec model with what routing needs: the base address of each (from its path's `servers`),
 * so the mock routes exactly as generated clients do and a call sent to the wrong base address gets a 404.
 */
export function specRoutesOf(model: SpecModel): SpecRoute[] {
  return model.operations.map((operation) => ({
    operationId: operation.operationId,
    method: operation.method,
    surface: operation.surface,
    specPath: operation.path,
    pathParams: [...operation.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] ?? ''),
    queryTypes: Object.fromEntries(
      operation.parameters
        .filter((parameter) => parameter.in === 'query')
        .map((parameter) => [
          parameter.name,
          typeof parameter.schema.type === 'string' ? parameter.schema.type : 'string',
        ]),
    ),
    jsonBody: operation.requestBody?.content['application/json'] !== undefined,
    stateChanging: operation.stateChanging,
    basePath: operation.server.basePath,
    pattern: new RegExp(`^${operation.path.replace(/\{[^}]+\}/g, '([^/]+)')}$`),
  }));
}

/** The path a base address puts before the spec's paths, read from its server's default (`/v1` for inference). */
export function basePathOf(routes: readonly SpecRoute[], surface: Surface): string {
  return routes.find((route) => route.surface === surface)?.basePath ?? '';
}

/** The spec path a request path stands for on one base address, or undefined when it is outside that address. */
export function specPathnameFor(
  routes: readonly SpecRoute[],
  surface: Surface,
  pathname: string,
): string | undefined {
  const basePath = basePathOf(routes, surface);
  if (!basePath) return pathname;
  if (!pathname.startsWith(`${basePath}/`)) return undefined;
  return pathname.slice(basePath.length);
}

/**
 * The base address a path belongs to when one origin serves both (in process, MSW): the one whose base path starts
 * it (`/v1/...`, inference), else the one without a base path (`/api/v1/...`, platform).
 */
export function surfaceOfPath(routes: readonly SpecRoute[], pathname: string): Surface {
  const surfaces: Surface[] = ['inference', 'platform'];
  const prefixed = surfaces.find((surface) => {
    const basePath = basePathOf(routes, surface);
    return basePath !== '' && (pathname === basePath || pathname.startsWith(`${basePath}/`));
  });
  return prefixed ?? surfaces.find((surface) => basePathOf(routes, surface) === '') ?? 'inference';
}

export interface RouteMatch {
  route: SpecRoute;
  /** Path parameters, percent-decoded. */
  pathParams: Record<string, string>;
}

/**
 * The operation a request names on one base address. `methodMismatch` is set when the path exists but not with this
 * method, so the answer can say which methods it takes.
 */
export function matchRoute(
  routes: readonly SpecRoute[],
  surface: Surface,
  method: string,
  pathname: string,
): { match?: RouteMatch; allowedMethods: string[] } {
  const specPathname = specPathnameFor(routes, surface, pathname);
  if (specPathname === undefined) return { allowedMethods: [] };
  const allowedMethods: string[] = [];
  for (const route of routes) {
    if (route.surface !== surface) continue;
    const found = route.pattern.exec(specPathname);
    if (!found) continue;
    if (route.method !== method) {
      allowedMethods.push(route.method);
      continue;
    }
    const pathParams: Record<string, string> = {};
    for (const [index, name] of route.pathParams.entries()) {
      const raw = found[index + 1] ?? '';
      let decoded = raw;
      try {
        decoded = decodeURIComponent(raw);
      } catch {
        // Malformed percent-encoding stays as sent; the operation then finds no such record.
      }
      pathParams[name] = decoded;
    }
    return { match: { route, pathParams }, allowedMethods };
  }
  return { allowedMethods };
}
