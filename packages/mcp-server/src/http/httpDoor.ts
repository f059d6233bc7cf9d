import type { IncomingMessage } from 'node:http';
import { admitRequest, isRefusal, type Refusal, refusal } from '@inference-infra/edge';
import { requestFacts } from '@inference-infra/edge/node';

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
 * The edge's door (`admitRequest`) for a request that reaches the port, before anything reads its body: a request
 * target whose path every reader reads the same way, one `Host` the server is reached by (loopback names unless
 * `--allow-host` lists others) and the authority of an absolute-form target judged alike, and no page of another
 * origin. Then the paths: the endpoint, and the metadata with OAuth. The health check passes after the target
 * alone, so a load balancer's probe by address is answered.
 */
export function doorRoute(request: IncomingMessage, policy: DoorPolicy): Refusal | DoorRoute {
  const [selfOrigin, ...others] = policy.ownOrigins;
  const admitted = admitRequest(requestFacts(request), {
    host: policy.allowHosts
      ? { allowedHosts: policy.allowHosts, option: '--allow-host' }
      : { option: policy.hostOption ?? 'none: this server answers its loopback names only' },
    origin: { selfOrigin, allowedOrigins: [...others, ...policy.allowOrigins], option: '--allow-origin' },
    openPaths: [healthPath],
  });
  if (isRefusal(admitted)) return admitted;
  if (admitted.open) return 'health';
  if (admitted.pathname === endpointPath) return 'mcp';
  if (policy.metadataPaths?.includes(admitted.pathname)) return 'metadata';
  return refusal(404, 'not_found', `path: not found; the MCP endpoint is ${endpointPath}`, 'path');
}
