import { type Refusal, refusal } from './refusal.js';

/** Host names of the loopback interface: `*.localhost` too, which browsers resolve there themselves (RFC 6761). */
const loopbackHostname = /^((?:[a-z0-9-]+\.)*localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 (`::ffff:127.0.0.1`, how a dual-stack socket names them). */
export const isLoopbackAddress = (address: string) => /^(::ffff:)?127\.|^::1$|^\[::1\]$/i.test(address);

/** Whether a host name (as in a URL, IPv6 in brackets) is loopback. */
export const isLoopbackHostname = (hostname: string) => loopbackHostname.test(hostname);

/** A `Host` value parsed: a host name or address and an optional port, nothing else (no user, path or spaces). */
export function parseHost(value: string): { hostname: string; host: string; port: string } | undefined {
  if (value === '' || /[\s/?#@\\,]/.test(value)) return undefined;
  try {
    const url = new URL(`http://${value}/`);
    if (url.host === '' || url.username !== '' || url.password !== '' || url.pathname !== '/')
      return undefined;
    return { hostname: url.hostname.toLowerCase(), host: url.host.toLowerCase(), port: url.port };
  } catch {
    return undefined;
  }
}

export interface HostPolicy {
  /**
   * The names (with or without a port) the server answers to; when absent, loopback names only, and only on a
   * request that arrived on loopback (`localAddress`, when the runtime says). `*` takes any well-formed name: for a
   * mock, which holds nothing a rebinding site could read that it could not ask for itself.
   */
  allowedHosts?: readonly string[] | undefined;
  /** What the refusal tells the operator to set: `createApiRoute({ allowedHosts })`, `--allow-host`. */
  option: string;
}

/**
 * Why a request's `Host` is refused, or undefined. Against DNS rebinding: a site whose name resolves to our address
 * sends its own name, so only names the server serves are taken. Every `Host` the request carried is given: two are
 * refused, since each layer in front of us may read another one of them.
 */
export function hostRefusal(
  hosts: readonly string[],
  policy: HostPolicy,
  localAddress?: string,
): Refusal | undefined {
  if (hosts.length === 0)
    return refusal(400, 'malformed_host', 'Host: missing; HTTP/1.1 requests carry one', 'Host');
  if (hosts.length > 1)
    return refusal(
      400,
      'malformed_host',
      `Host: sent ${hosts.length} times; a request names one host`,
      'Host',
    );
  const raw = hosts[0] ?? '';
  const parsed = parseHost(raw);
  if (!parsed)
    return refusal(
      400,
      'malformed_host',
      `Host: ${JSON.stringify(raw.slice(0, 200))} is not a host name with an optional port`,
      'Host',
    );
  const { allowedHosts } = policy;
  if (allowedHosts === undefined) {
    if (!isLoopbackHostname(parsed.hostname))
      return refusal(
        403,
        'host_not_allowed',
        `Host: "${parsed.host}" is not a loopback name; a server reached under other names lists them (${policy.option})`,
        'Host',
      );
    if (localAddress !== undefined && !isLoopbackAddress(localAddress))
      return refusal(
        403,
        'host_not_allowed',
        `Host: "${parsed.host}" names loopback, but the request arrived on ${localAddress}; a server other machines reach lists the names it is served under (${policy.option})`,
        'Host',
      );
    return undefined;
  }
  if (allowedHosts.includes('*')) return undefined;
  const known = allowedHosts.some((allowed) => {
    const name = allowed.toLowerCase();
    return name === parsed.hostname || name === parsed.host;
  });
  return known
    ? undefined
    : refusal(
        403,
        'host_not_allowed',
        `Host: "${parsed.host}" is not one of ${allowedHosts.join(', ')} (${policy.option})`,
        'Host',
      );
}

/**
 * Why the authority of an absolute-form request target (`POST http://evil.example/mcp`) is refused, or undefined.
 * RFC 9112 (3.2.2) has a server take the host from that authority and ignore `Host`, so a rebinding page, or a proxy
 * in front, could name a foreign host there while `Host` names ours: the authority is judged by the same policy as a
 * Host, and the request is served only when both pass.
 */
export function authorityRefusal(
  authority: string | undefined,
  policy: HostPolicy,
  localAddress?: string,
): Refusal | undefined {
  if (authority === undefined) return undefined;
  const refused = hostRefusal([authority], policy, localAddress);
  return refused && { ...refused, message: refused.message.replace(/^Host:/, 'request target authority:') };
}
