/** The two base addresses of the API, as the spec names their server variables. */
export type Surface = 'inference' | 'platform';

type JsonObject = Record<string, unknown>;

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

const surfaceByServerVariable: Record<string, Surface> = {
  base_url: 'inference',
  platform_url: 'platform',
};

const methods = ['get', 'put', 'post', 'patch', 'delete'] as const;

function resolveRef(document: JsonObject, value: unknown): JsonObject {
  let current = value as JsonObject;
  for (let hops = 0; typeof current?.$ref === 'string' && hops < 20; hops += 1) {
    const tokens = (current.$ref as string).replace(/^#\//, '').split('/');
    current = tokens.reduce<unknown>(
      (holder, token) => (holder as JsonObject)?.[token.replaceAll('~1', '/').replaceAll('~0', '~')],
      document,
    ) as JsonObject;
  }
  return current ?? {};
}

/**
 * The operations of the bundled spec with the base address of each, read from its per-path `servers`, so the mock
 * routes exactly as generated clients do and a call sent to the wrong base address gets a 404.
 */
export function specRoutesOf(document: JsonObject): SpecRoute[] {
  const routes: SpecRoute[] = [];
  for (const [specPath, rawItem] of Object.entries((document.paths as JsonObject | undefined) ?? {})) {
    const item = rawItem as JsonObject;
    const serverUrl = ((item.servers as JsonObject[] | undefined)?.[0]?.url as string | undefined) ?? '';
    const surface = surfaceByServerVariable[/^\{(\w+)\}/.exec(serverUrl)?.[1] ?? ''];
    if (!surface) {
      throw new Error(
        `spec path ${specPath}: its server must be {base_url} or {platform_url}, got "${serverUrl}"`,
      );
    }
    const pattern = new RegExp(`^${specPath.replace(/\{[^}]+\}/g, '([^/]+)')}$`);
    const pathParams = [...specPath.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] ?? '');
    for (const method of methods) {
      const operation = item[method] as JsonObject | undefined;
      if (!operation) continue;
      const parameters = [
        ...((item.parameters as unknown[] | undefined) ?? []),
        ...((operation.parameters as unknown[] | undefined) ?? []),
      ].map((parameter) => resolveRef(document, parameter));
      const queryTypes: Record<string, string> = {};
      for (const parameter of parameters) {
        if (parameter.in !== 'query') continue;
        const schema = resolveRef(document, parameter.schema);
        queryTypes[parameter.name as string] = typeof schema.type === 'string' ? schema.type : 'string';
      }
      const body = resolveRef(document, operation.requestBody);
      routes.push({
        operationId: operation.operationId as string,
        method: method.toUpperCase(),
        surface,
        specPath,
        pathParams,
        queryTypes,
        jsonBody: Boolean((body.content as JsonObject | undefined)?.['application/json']),
        stateChanging: operation['x-state-changing'] === true,
        pattern,
      });
    }
  }
  return routes;
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
