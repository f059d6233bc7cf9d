import { authorityRefusal, type HostPolicy, hostRefusal } from './hostPolicy.js';
import { type OriginPolicy, originRefusal } from './originPolicy.js';
import { isRefusal, type Refusal } from './refusal.js';
import { checkTarget } from './requestTarget.js';

/**
 * What a request said about itself at the door, read by the server's adapter (`requestFacts` of `/node` for
 * `node:http`; a web handler reads its `Request`): every value of `Host` and `Origin`, since two are refused.
 */
export interface RequestFacts {
  method: string;
  /** The request target as it arrived (origin or absolute form), or a web Request's `url`. */
  target: string;
  hosts: readonly string[];
  /** `1.0` or `1.1`..., where the runtime says: an HTTP/1.0 request needs no Host. */
  httpVersion?: string | undefined;
  /** The address the request arrived on, where the runtime says: loopback names are taken only there. */
  localAddress?: string | undefined;
  origins: readonly string[];
  secFetchSite?: string | undefined;
  /**
   * The authority that names the host besides `Host`. Absent: that of an absolute-form target (RFC 9112 3.2.2).
   * A web adapter whose runtime wrote the target itself (a `Request`'s URL is always absolute) says which one the
   * client named, or `null` for none.
   */
  authority?: string | null | undefined;
  /** `Content-Length` and `Transfer-Encoding` as sent: whether a body follows. */
  contentLength?: string | null | undefined;
  transferEncoding?: string | null | undefined;
}

export interface DoorRules {
  host: HostPolicy;
  /** Absent: pages are not judged (a server of static files, which any page may show). */
  origin?: OriginPolicy | undefined;
  /**
   * `Sec-Fetch-Site` is heard on every method by default. The simulator hears it only on methods that change state,
   * so an image it generated still shows on a page of another loopback site (`<img>` sends `cross-site`).
   */
  secFetchSite?: 'every-method' | 'state-changing-methods';
  /** Paths answered after the target rule alone, before Host and Origin: a health check a balancer probes by address. */
  openPaths?: readonly string[];
}

/** A request the door let in: its path as sent (never decoded), its query, and whether a body follows. */
export interface AdmittedRequest {
  pathname: string;
  search: string;
  /** True for a path of `openPaths`: only the target rule was applied. */
  open: boolean;
  /** HTTP/1.1 framing: no `Content-Length` and no `Transfer-Encoding` means no body, and none is waited for. */
  hasBody: boolean;
}

/**
 * The door of every server of ours, in one order: the request target (before any URL parser reads `\`, `%2e%2e` or
 * `//` as another path), then `Host` and the authority the target names (against DNS rebinding: a site whose name
 * resolves to us sends its own name), then the page that sent it (`Origin`, `Sec-Fetch-Site`). The first rule
 * broken is the refusal (status, code, the field named); each server writes it in its own error shape. The body's
 * bounds are read afterwards by `readCappedBody`, when the server has routed the request.
 */
export function admitRequest(facts: RequestFacts, rules: DoorRules): AdmittedRequest | Refusal {
  const target = checkTarget(facts.target);
  if (isRefusal(target)) return target;
  const { pathname, search } = target;
  // HTTP/1.1 framing: no Content-Length and no Transfer-Encoding is no body.
  const hasBody = facts.contentLength != null || facts.transferEncoding != null;
  const open = rules.openPaths?.includes(pathname) === true;
  const { host, origin } = rules;
  // RFC 9112 asks a Host of HTTP/1.1 only. An HTTP/1.0 request without one passes only where any name is taken
  // (`*`): elsewhere the Host is what proves a loopback name arrived on loopback.
  const hostless =
    facts.hosts.length === 0 && facts.httpVersion === '1.0' && host.allowedHosts?.includes('*');
  const refused = open
    ? undefined
    : ((hostless ? undefined : hostRefusal(facts.hosts, host, facts.localAddress)) ??
      authorityRefusal(
        facts.authority === undefined ? target.authority : (facts.authority ?? undefined),
        host,
        facts.localAddress,
      ) ??
      (origin &&
        originRefusal(
          facts.origins,
          rules.secFetchSite === 'state-changing-methods' && /^(GET|HEAD)$/.test(facts.method)
            ? undefined
            : facts.secFetchSite,
          origin,
        )));
  return refused ?? { pathname, search, open, hasBody };
}
