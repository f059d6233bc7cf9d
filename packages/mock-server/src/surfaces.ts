/** The two base addresses of the API, as the spec names their server variables. */
export type Surface = 'inference' | 'platform';

const surfaceByServerVariable: Record<string, Surface> = {
  base_url: 'inference',
  platform_url: 'platform',
};

export interface SurfaceRoute {
  surface: Surface;
  /** The path as keyed in the spec, for example `/api/v1/storage/{id}`. */
  specPath: string;
  matches: (pathname: string) => boolean;
}

interface SpecLike {
  paths: Record<string, { servers?: Array<{ url: string }> }>;
}

/**
 * Reads which base address each path belongs to from the per-path `servers` of the bundled spec,
 * so the mock routes exactly as generated clients do and a misrouted call gets a 404.
 */
export function surfaceRoutesFromSpec(spec: SpecLike): SurfaceRoute[] {
  return Object.entries(spec.paths).map(([specPath, item]) => {
    const serverUrl = item.servers?.[0]?.url ?? '';
    const variable = /^\{(\w+)\}/.exec(serverUrl)?.[1] ?? '';
    const surface = surfaceByServerVariable[variable];
    if (!surface) {
      throw new Error(
        `spec path ${specPath}: its server must be {base_url} or {platform_url}, got "${serverUrl}"`,
      );
    }
    const pattern = new RegExp(`^${specPath.replace(/\{[^}]+\}/g, '[^/]+')}$`);
    return { surface, specPath, matches: (pathname) => pattern.test(pathname) };
  });
}

/**
 * The inference base address includes `/v1` (as OpenAI base addresses do) while its spec paths do not,
 * so the mock serves inference under this prefix and hands Prism the path as keyed in the spec.
 */
export const inferencePathPrefix = '/v1';

export function specPathnameFor(surface: Surface, pathname: string): string | undefined {
  if (surface === 'platform') return pathname;
  if (pathname === inferencePathPrefix || !pathname.startsWith(`${inferencePathPrefix}/`)) return undefined;
  return pathname.slice(inferencePathPrefix.length);
}
