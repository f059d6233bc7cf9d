import { isLoopbackHostname } from './hostPolicy.js';
import { type Refusal, refusal } from './refusal.js';

export interface OriginPolicy {
  /** The server's own origin, as the request named it (`http://127.0.0.1:4013`): its pages are always welcome. */
  selfOrigin?: string | undefined;
  /** Other origins whose pages may call; `*` for any. */
  allowedOrigins?: readonly string[] | undefined;
  /**
   * Pages of any loopback origin, whatever their port, count as the server's own: for the simulator, which pages on
   * a dev server call from another port. Everything else compares ports: `127.0.0.1:6274` is not `127.0.0.1:3000`.
   */
  anyLoopbackOrigin?: boolean;
  /** What the refusal tells the operator to set: `allowedOrigins`, `--allow-origin`. */
  option: string;
}

function isLoopbackOrigin(origin: string): boolean {
  try {
    const url = new URL(origin);
    return (
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      url.origin === origin &&
      isLoopbackHostname(url.hostname)
    );
  } catch {
    return false;
  }
}

/** Whether a page of `origin` may call the server under `policy`. */
export function originAllowed(origin: string, policy: OriginPolicy): boolean {
  const allowed = policy.allowedOrigins ?? [];
  if (origin === policy.selfOrigin || allowed.includes(origin) || allowed.includes('*')) return true;
  return policy.anyLoopbackOrigin === true && isLoopbackOrigin(origin);
}

/** `Sec-Fetch-Site` values of the server's own pages and of the user's own navigation. */
const ownSites = new Set(['same-origin', 'none']);

/**
 * Why a request of another page is refused, or undefined. Browsers say where a request comes from: every
 * cross-origin request (and any same-origin one that is not a GET) carries `Origin`, which must be allowed; and a page
 * of another origin gets `Sec-Fetch-Site: cross-site` or `same-site` also on a `no-cors` request that carries no
 * `Origin` (a form post, an `<img>`). Clients that are not browsers send neither header and are not concerned.
 */
export function originRefusal(
  origins: readonly string[],
  secFetchSite: string | undefined,
  policy: OriginPolicy,
): Refusal | undefined {
  if (origins.length > 1)
    return refusal(
      400,
      'malformed_origin',
      `Origin: sent ${origins.length} times; a browser sends one`,
      'Origin',
    );
  const origin = origins[0];
  if (origin !== undefined) {
    if (originAllowed(origin, policy)) return undefined;
    const who = [policy.selfOrigin, ...(policy.allowedOrigins ?? [])].filter(Boolean).join(', ');
    const loopback = policy.anyLoopbackOrigin ? 'loopback pages' : '';
    const allowedText = [who, loopback].filter(Boolean).join(' and ') || 'none';
    return refusal(
      403,
      'origin_not_allowed',
      `Origin: ${JSON.stringify(origin.slice(0, 200))} may not call this server (allowed: ${allowedText}; ${policy.option})`,
      'Origin',
    );
  }
  const site = secFetchSite?.toLowerCase();
  if (site === undefined || ownSites.has(site)) return undefined;
  if (site === 'same-site' && policy.anyLoopbackOrigin) return undefined;
  return refusal(
    403,
    'origin_not_allowed',
    `Sec-Fetch-Site: ${site}: a page of another ${site === 'cross-site' ? 'site' : 'origin'} may not call this server without an allowed Origin (${policy.option})`,
    'Origin',
  );
}
