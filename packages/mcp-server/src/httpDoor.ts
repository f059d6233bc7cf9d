import type { IncomingMessage } from 'node:http';
import {
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

export interface DoorPolicy {
  ownOrigins: readonly string[];
  /** Other pages that may call (`--allow-origin`): the MCP Inspector's, say. */
  allowOrigins: readonly string[];
}

/**
 * The edge's rules for a request that reaches the port, before anything reads its body: a request target whose path
 * every reader reads the same way (no dot segments, `//`, `\` or `;` in any encoding), one `Host` naming loopback
 * (against DNS rebinding: a site whose name resolves to 127.0.0.1 sends its own name), and no page of another origin
 * (a browser names it in `Origin` or `Sec-Fetch-Site`). Then the one path.
 */
export function doorRefusal(request: IncomingMessage, policy: DoorPolicy): Refusal | undefined {
  const target = checkTarget(request.url ?? '');
  if (isRefusal(target)) return target;
  const host = hostRefusal(
    headerValues(request, 'host'),
    { option: 'none: this server answers its loopback names only' },
    request.socket.localAddress,
  );
  if (host) return host;
  const [selfOrigin, ...others] = policy.ownOrigins;
  const origin = originRefusal(headerValues(request, 'origin'), headerValues(request, 'sec-fetch-site')[0], {
    selfOrigin,
    allowedOrigins: [...others, ...policy.allowOrigins],
    option: '--allow-origin',
  });
  if (origin) return origin;
  if (target.pathname !== endpointPath)
    return refusal(404, 'not_found', `path: not found; the MCP endpoint is ${endpointPath}`, 'path');
  return undefined;
}
