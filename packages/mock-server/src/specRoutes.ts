import { createRouteMatcher } from '@inference-infra/edge';
import type { SpecModel, Surface } from '@inference-infra/types/spec-model';

export type { Surface };

/** One operation of the bundled spec, as the mock routes and checks it. */
export interface SpecRoute {
  operationId: string;
  /** Upper case: `GET`, `PATCH`. */
  method: string;
  /** The spec's path template, as the edge's route matcher takes it. */
  path: string;
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
    path: operation.path,
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

const matchers = new WeakMap<
  readonly SpecRoute[],
  Map<Surface, ReturnType<typeof createRouteMatcher<SpecRoute>>>
>();

/** The edge's route matcher (one for every door) over one base address's operations, built once per route list. */
function matcherOf(routes: readonly SpecRoute[], surface: Surface) {
  let bySurface = matchers.get(routes);
  if (!bySurface) {
    bySurface = new Map();
    matchers.set(routes, bySurface);
  }
  let matcher = bySurface.get(surface);
  if (!matcher) {
    matcher = createRouteMatcher(routes.filter((route) => route.surface === surface));
    bySurface.set(surface, matcher);
  }
  return matcher;
}

/**
 * The operation a request names on one base address. `allowedMethods` is set when the path exists but not with this
 * method, so the answer can say which methods it takes; `badParameter` when a path parameter would name another path
 * (`%2e%2e`, an encoded `/`, broken percent-encoding), so the answer can name it.
 */
export function matchRoute(
  routes: readonly SpecRoute[],
  surface: Surface,
  method: string,
  pathname: string,
): { match?: RouteMatch; allowedMethods: string[]; badParameter?: { field: string; message: string } } {
  const specPathname = specPathnameFor(routes, surface, pathname);
  if (specPathname === undefined) return { allowedMethods: [] };
  const found = matcherOf(routes, surface)(method, specPathname);
  if (found.kind === 'operation')
    return { match: { route: found.route, pathParams: found.pathParams }, allowedMethods: [] };
  if (found.kind === 'method-not-allowed') return { allowedMethods: found.allow };
  if (found.kind === 'bad-parameter')
    return { allowedMethods: [], badParameter: { field: found.field, message: found.message } };
  return { allowedMethods: [] };
}

/** The operation of a method and path on either base address (the surface read from the path), if any. */
export function operationAt(
  routes: readonly SpecRoute[],
  method: string,
  pathname: string,
): SpecRoute | undefined {
  return matchRoute(routes, surfaceOfPath(routes, pathname), method, pathname).match?.route;
}
