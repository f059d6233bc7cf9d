/** Hosts of the loopback interface, the only ones the simulator ever listens on. */
const loopbackHostname = /^(127(\.\d{1,3}){3}|localhost|\[::1\])$/;

function isLoopbackOrigin(origin: string): boolean {
  try {
    const url = new URL(origin);
    return (
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      url.origin === origin &&
      loopbackHostname.test(url.hostname)
    );
  } catch {
    return false;
  }
}

/** Whether a page of `origin` may call the simulator: one of `allowed`, or any loopback origin when none are given. */
export function originAllowed(origin: string, allowed: readonly string[] | undefined): boolean {
  if (!allowed) return isLoopbackOrigin(origin);
  return allowed.includes('*') || allowed.includes(origin);
}

/**
 * Why a browser request from another site is refused, or undefined when it may go on. A page's `Origin` must be
 * allowed; a request that changes something and carries no `Origin` but says `Sec-Fetch-Site: cross-site` is refused
 * too, so no simple request (a form post, a `no-cors` fetch) of a foreign page reaches the state. Clients that are not
 * browsers send neither header and are not concerned.
 */
export function crossSiteRefusal(
  method: string,
  headers: Record<string, string | string[] | undefined>,
  allowed: readonly string[] | undefined,
): string | undefined {
  const origin = headers.origin;
  if (typeof origin === 'string') {
    return originAllowed(origin, allowed)
      ? undefined
      : `Origin ${JSON.stringify(origin)} is not allowed to call this mock (allowed: ${allowed ? allowed.join(', ') : 'loopback origins'}; see the allowedOrigins option, CLI --allow-origin)`;
  }
  if (method !== 'GET' && method !== 'HEAD' && headers['sec-fetch-site'] === 'cross-site') {
    return 'A cross-site request without an Origin may not change the mock (Sec-Fetch-Site: cross-site)';
  }
  return undefined;
}
