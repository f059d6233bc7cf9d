/** Host names of the loopback interface: the only ones a route accepts when the app names none. */
const loopbackHostname = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

/**
 * Why a `Host` is refused, or undefined. Against DNS rebinding: a site whose name resolves to the app's address sends
 * its own name as `Host`, so only names the app serves are taken (loopback names when it names none).
 */
export function hostRefusal(url: URL, allowedHosts: readonly string[] | undefined): string | undefined {
  const { hostname, host } = url;
  if (allowedHosts === undefined) {
    return loopbackHostname.test(hostname)
      ? undefined
      : `Host: "${host}" is not a loopback name; an app served under other names lists them in createApiRoute({ allowedHosts })`;
  }
  const known = allowedHosts.some((allowed) => {
    const name = allowed.toLowerCase();
    return name === hostname || name === host;
  });
  return known ? undefined : `Host: "${host}" is not in allowedHosts (${allowedHosts.join(', ')})`;
}

/**
 * Why a request of another site is refused, or undefined. Browsers say where a request comes from: a page of another
 * site gets `Sec-Fetch-Site: cross-site`, and every cross-origin request (and any same-origin one that is not a GET)
 * carries `Origin`, which must be the route's own origin or one the app allows.
 */
export function crossSiteRefusal(
  request: Request,
  url: URL,
  allowedOrigins: readonly string[],
): string | undefined {
  const origin = request.headers.get('origin');
  const allowed = origin !== null && (origin === url.origin || allowedOrigins.includes(origin));
  if (request.headers.get('sec-fetch-site') === 'cross-site' && !allowed) {
    return `a page of another site${origin ? ` (${origin})` : ''} may not use this route (Sec-Fetch-Site: cross-site); list its origin in allowedOrigins if it should`;
  }
  if (origin !== null && !allowed) {
    return `Origin: ${origin} may not use this route: only ${url.origin}${allowedOrigins.length > 0 ? ` and ${allowedOrigins.join(', ')}` : ''} may (allowedOrigins)`;
  }
  return undefined;
}

/** `application/json` or a `+json` type, with any parameters: nothing a page can send without a preflight. */
export const isJsonMediaType = (contentType: string | null) =>
  /^\s*application\/([\w.-]+\+)?json\s*(;|$)/i.test(contentType ?? '');

/** The body as text, or undefined once it passes `maxBytes` (the rest is not read). */
export async function readCappedText(request: Request, maxBytes: number): Promise<string | undefined> {
  const declared = Number(request.headers.get('content-length') ?? Number.NaN);
  if (declared > maxBytes) return undefined;
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      return undefined;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}
