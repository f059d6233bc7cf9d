import {
  isLoopbackHostname,
  isRefusal,
  parseHost,
  admitRequest as passDoor,
  type Refusal,
  refusal,
} from '@inference-infra/edge';
import { arrivalOf } from './requestArrival.js';

/** Who may call a server half of the app: the options `createApiRoute` and `createRouteGuard` share. */
export interface DoorPolicy {
  allowedHosts?: readonly string[] | undefined;
  allowedOrigins?: readonly string[] | undefined;
  /** The option named in a refusal, without the field: `createApiRoute`, `createRouteGuard`. */
  owner: string;
}

/** A request the door let in: its URL, the app's own origin as the browser named it, and the page's Origin. */
export interface AdmittedRequest {
  url: URL;
  selfOrigin: string;
  origin: string | null;
}

/**
 * The origin the app's pages are on: the scheme the runtime saw and the Host the browser sent (already checked
 * against `allowedHosts`). Not `request.url`'s own origin: Next.js builds that URL from its own idea of its host
 * (`localhost` for `next start --hostname 127.0.0.1`), which made every same-origin POST of a page served from
 * 127.0.0.1 read as another origin's (403).
 */
function ownOrigin(url: URL, hosts: readonly string[]): string {
  const [host] = hosts;
  if (hosts.length !== 1 || !host) return url.origin;
  try {
    return new URL(`${url.protocol}//${host}`).origin;
  } catch {
    return url.origin;
  }
}

/** The addresses a server listens on for "every interface": a runtime's name for itself, never a site's. */
const unspecified = new Set(['0.0.0.0', '[::]']);

/**
 * The authority of `request.url` when it is not the Host the request sent, for the Host policy. A runtime that took
 * an absolute-form target (`GET http://evil.example/x`, as @hono/node-server does) puts its authority there, and by
 * RFC 9112 that, not `Host`, names the host. A loopback name or an unspecified address there is the runtime
 * naming itself (Next.js writes its own `--hostname`, or `localhost`, whatever the browser asked), never a foreign
 * site, and is let through.
 */
function urlAuthority(url: URL, hosts: readonly string[]): string | undefined {
  const sent = hosts.length === 1 ? parseHost(hosts[0] ?? '')?.host : undefined;
  if (url.host.toLowerCase() === sent || isLoopbackHostname(url.hostname) || unspecified.has(url.hostname))
    return undefined;
  return url.host;
}

/**
 * The edge's door (its `admitRequest`) for every web-standard server half of the app: the target as the runtime handed it
 * over (judged before `new URL()` resolves a `..` or reads a `\` as `/`), every `Host` (and the URL's authority where
 * it names another host) against `allowedHosts`, and the page's `Origin` and `Sec-Fetch-Site` against the app's own
 * origin and `allowedOrigins`. Requests from `toNodeListener` carry what node saw (every Host and Origin, the local
 * address, the HTTP version); other runtimes' are judged by their headers.
 */
export function admitWebRequest(request: Request, policy: DoorPolicy): AdmittedRequest | Refusal {
  let url: URL | undefined;
  try {
    url = new URL(request.url);
  } catch {
    // Refused below, once the target rule has had its say on it.
  }
  const arrival = arrivalOf(request);
  // A runtime joins two Host headers with ", ", which is no host name: refused as toNodeListener's two values are.
  const hosts = arrival?.hosts ?? [request.headers.get('host') ?? url?.host ?? ''];
  const origin = request.headers.get('origin');
  const selfOrigin = url && ownOrigin(url, hosts);
  const admitted = passDoor(
    {
      method: request.method,
      target: request.url,
      hosts,
      localAddress: arrival?.localAddress,
      origins: arrival?.origins ?? (origin === null ? [] : [origin]),
      secFetchSite: request.headers.get('sec-fetch-site') ?? undefined,
      authority: url ? (urlAuthority(url, hosts) ?? null) : null,
    },
    {
      host: { allowedHosts: policy.allowedHosts, option: `${policy.owner}({ allowedHosts })` },
      origin: {
        selfOrigin,
        allowedOrigins: policy.allowedOrigins ?? [],
        option: `${policy.owner}({ allowedOrigins })`,
      },
    },
  );
  if (isRefusal(admitted)) return admitted;
  if (!url || selfOrigin === undefined) {
    const message = `the request URL ${JSON.stringify(request.url.slice(0, 200))} is not a URL`;
    return refusal(400, 'malformed_request_target', message);
  }
  return { url, selfOrigin, origin };
}
