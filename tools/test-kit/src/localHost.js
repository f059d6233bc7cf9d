// Plain JavaScript with JSDoc types: the static server that imports it runs under `node` without a TypeScript loader.
import { isIP } from 'node:net';

/**
 * Why a `Host` is refused by a server of the developer's own machine, or undefined. A malformed one is 400. A name
 * other than `localhost` (or `*.localhost`) is 403: a site whose name was made to resolve to 127.0.0.1 (DNS
 * rebinding) sends its own name, and would otherwise read the local pages as its own. An address is a name no
 * rebinding can use, so any is taken (Vite's dev server allows the same by default, for the same reason). No Host at
 * all (HTTP/1.0) names no other site.
 * @param {string | undefined} host
 * @returns {{ status: 400 | 403, code: string, message: string } | undefined}
 */
export function localHostRefusal(host) {
  if (host === undefined) return undefined;
  let hostname;
  try {
    const url = new URL(`http://${host}`);
    if (`${url.username}${url.password}${url.pathname}${url.search}${url.hash}` !== '/')
      throw new TypeError();
    hostname = url.hostname;
  } catch {
    const message = `Host: ${JSON.stringify(host)} is not a host name (with an optional port)`;
    return { status: 400, code: 'malformed_host', message };
  }
  const local =
    hostname === 'localhost' ||
    hostname.endsWith('.localhost') ||
    isIP(hostname.replace(/^\[|\]$/g, '')) !== 0;
  if (local) return undefined;
  const message = `Host: "${host}" is not localhost or an address: this local server answers only those (against DNS rebinding)`;
  return { status: 403, code: 'host_not_allowed', message };
}
