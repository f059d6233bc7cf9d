import { isLoopbackAddress } from './requestArrival.js';

/** Host names of the loopback interface: the only ones a route accepts when the app names none. */
const loopbackHostname = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

/**
 * Why a `Host` is refused, or undefined. Against DNS rebinding: a site whose name resolves to the app's address sends
 * its own name as `Host`, so only names the app serves are taken. When the app names none, loopback names, and only on
 * a request that did not arrive on another interface (`localAddress`, when the runtime says): a machine that can
 * reach the server from outside may not claim to be the developer's own browser.
 */
export function hostRefusal(
  url: URL,
  allowedHosts: readonly string[] | undefined,
  localAddress: string | undefined,
): string | undefined {
  const { hostname, host } = url;
  if (allowedHosts === undefined) {
    if (!loopbackHostname.test(hostname))
      return `Host: "${host}" is not a loopback name; an app served under other names lists them in createApiRoute({ allowedHosts })`;
    if (localAddress !== undefined && !isLoopbackAddress(localAddress))
      return `Host: "${host}" names loopback, but the request arrived on ${localAddress}; a route other machines can reach lists the names it is served under in createApiRoute({ allowedHosts })`;
    return undefined;
  }
  const known = allowedHosts.some((allowed) => {
    const name = allowed.toLowerCase();
    return name === hostname || name === host;
  });
  return known ? undefined : `Host: "${host}" is not in allowedHosts (${allowedHosts.join(', ')})`;
}

/** `Sec-Fetch-Site` values of a request the route's own pages send: their own fetches, and the user's own navigation. */
const ownSites = new Set(['same-origin', 'none']);

/**
 * Why a request of another page is refused, or undefined. Browsers say where a request comes from: a page of another
 * origin gets `Sec-Fetch-Site: cross-site` or `same-site` (another port of the same host, a sibling subdomain), also
 * on a `no-cors` GET that carries no `Origin`; and every cross-origin request (and any same-origin one that is not a
 * GET) carries `Origin`, which must be the route's own origin or one the app allows.
 */
export function crossSiteRefusal(
  request: Request,
  url: URL,
  allowedOrigins: readonly string[],
): string | undefined {
  const origin = request.headers.get('origin');
  const allowed = origin !== null && (origin === url.origin || allowedOrigins.includes(origin));
  const site = request.headers.get('sec-fetch-site');
  if (site !== null && !ownSites.has(site.toLowerCase()) && !allowed) {
    return `a page of another ${site === 'cross-site' ? 'site' : 'origin'}${origin ? ` (${origin})` : ''} may not use this route (Sec-Fetch-Site: ${site}); list its origin in allowedOrigins if it should`;
  }
  if (origin !== null && !allowed) {
    return `Origin: ${origin} may not use this route: only ${url.origin}${allowedOrigins.length > 0 ? ` and ${allowedOrigins.join(', ')}` : ''} may (allowedOrigins)`;
  }
  return undefined;
}

/** `application/json` or a `+json` type, with any parameters: nothing a page can send without a preflight. */
export const isJsonMediaType = (contentType: string | null) =>
  /^\s*application\/([\w.-]+\+)?json\s*(;|$)/i.test(contentType ?? '');
