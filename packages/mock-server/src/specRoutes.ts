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
    pattern: new RegExp(`^${operation.path.replace(/\{[^}]+\}/g, '([^/]+)')}$`),
  }));
}

/**
 * The inference base address includes `/v1` (as OpenAI base addresses do) while its spec paths do not,
 * so the mock serves inference under this prefix and looks the rest up as keyed in the spec.
 */
export const inferencePathPrefix = '/v1';

/** The spec path a request path stands for on one base address, or undefined when it is outside that address. */
export function specPathnameFor(surface: Surface, pathname: string): string | undefined {
  if (surface === 'platform') return pathname;
  if (pathname === inferencePathPrefix || !pathname.startsWith(`${inferencePathPrefix}/`)) return undefined;
  return pathname.slice(inferencePathPrefix.length);
}

/** The base address a path belongs to when one origin serves both (in process, MSW): platform paths carry `/api/`. */
export function surfaceOfPath(pathname: string): Surface {
  return pathname.startsWith('/api/') ? 'platform' : 'inference';
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
  const specPathname = specPathnameFor(surface, pathname);
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
