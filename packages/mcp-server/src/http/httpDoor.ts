import type { IncomingMessage } from 'node:http';
import {
  authorityRefusal,
  checkTarget,
  hostRefusal,
  isRefusal,
  originRefusal,
  type Refusal,
  refusal,
} from '@inference-infra/edge';
import { headerValues } from '@inference-infra/edge/node';

/** Where the endpoint is: the one path this server answers. */
export const endpointPath = '/mcp';

/**
 * The origins of the server's own pages, from the address it listens on: its address itself, and `localhost`, which
 * resolves to it. Only these ports: a page of another loopback port (a dev server, any local app) is another site.
 */
export function ownOrigins(address: string, port: number): string[] {
  const shown = address.includes(':') ? `[${address}]` : address;
  return [...new Set([`http://${shown}:${port}`, `http://localhost:${port}`])];
}

/** The health check's path: answered to anyone, before Host and Origin, since it says nothing but "ok". */
export const healthPath = '/healthz';

export interface DoorPolicy {
  ownOrigins: readonly string[];
  /** Other pages that may call (`--allow-origin`): the MCP Inspector's, say. */
  allowOrigins: readonly string[];
  /** The names the server is reached by (`--allow-host`); loopback names only when absent. */
  allowHosts?: readonly string[] | undefined;
  /** What a Host refusal names as the setting to change: `--allow-host` when the server takes other names. */
  hostOption?: string;
  /** Where the protected resource metadata is served (with OAuth). */
  metadataPaths?: readonly string[] | undefined;
}

/** Which of the server's answers a request that passed the door gets. */
export type DoorRoute = 'mcp' | 'health' | 'metadata';

/**
 * The edge's rules for a request that reaches the port, before anything reads its body: a request target whose path
 * every reader reads the same way (no dot segments, `//`, `\` or `;` in any encoding), one `Host` the server is
 * reached by (loopback names unless `--allow-host` lists others: against DNS rebinding, a site whose name resolves
 * to the server sends its own name), and no page of another origin (a browser names it in `Origin` or
 * `Sec-Fetch-Site`). Then the paths: the endpoint, and the metadata with OAuth. The health check passes after the
 * target alone, so a load balancer's probe by address is answered. An absolute-form target's authority is judged as
 * a Host.
 */
export function doorRoute(request: IncomingMessage, policy: DoorPolicy): Refusal | DoorRoute {
  const target = checkTarget(request.url ?? '');
  if (isRefusal(target)) return target;
  if (target.pathname === healthPath) return 'health';
  const hostPolicy = policy.allowHosts
    ? { allowedHosts: policy.allowHosts, option: '--allow-host' }
    : { option: policy.hostOption ?? 'none: this server answers its loopback names only' };
  const { localAddress } = request.socket;
  // An absolute-form target's authority names the host as much as `Host` does (RFC 9112): both are judged.
  const host =
    hostRefusal(headerValues(request, 'host'), hostPolicy, localAddress) ??
    authorityRefusal(target.authority, hostPolicy, localAddress);
  if (host) return host;
  const [selfOrigin, ...others] = policy.ownOrigins;
  const origin = originRefusal(headerValues(request, 'origin'), headerValues(request, 'sec-fetch-site')[0], {
    selfOrigin,
    allowedOrigins: [...others, ...policy.allowOrigins],
    option: '--allow-origin',
  });
  if (origin) return origin;
  if (target.pathname === endpointPath) return 'mcp';
  if (policy.metadataPaths?.includes(target.pathname)) return 'metadata';
  return refusal(404, 'not_found', `path: not found; the MCP endpoint is ${endpointPath}`, 'path');
}
