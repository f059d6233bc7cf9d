import { parseHost } from './hostPolicy.js';
import { type Refusal, refusal } from './refusal.js';

/** A request target judged safe to route: its path as sent (never decoded, never resolved) and its query. */
export interface CheckedTarget {
  pathname: string;
  search: string;
  /**
   * The authority of an absolute-form target (`POST http://evil.example/mcp`). By RFC 9112 it, not `Host`, names the
   * host the request is for, so a door judges it as it judges a Host (`authorityRefusal`).
   */
  authority?: string;
}

/** Decodes a segment until it stops changing (at most thrice): `%252e` is a dot to a server that decodes twice. */
function fullyDecoded(segment: string): string | undefined {
  let current = segment;
  for (let round = 0; round < 3 && current.includes('%'); round += 1) {
    try {
      current = decodeURIComponent(current);
    } catch {
      return undefined;
    }
  }
  return current;
}

const invalid = (rule: string, path: string) =>
  refusal(400, 'invalid_path', `path: ${rule} (got ${JSON.stringify(path.slice(0, 200))})`, 'path');

/**
 * One rule for every door's request target, applied to the path exactly as it arrived, before any URL parser
 * normalises it: a proxy, a framework's auth middleware and the upstream can each read `\`, `%2e%2e`, `//` or `;`
 * differently, so a path that any of them could read as another path is refused rather than guessed at.
 * Refused: a backslash (raw or `%5C`), a `.` or `..` segment in any encoding, an empty segment inside the path,
 * `;` (path parameters to Tomcat-like servers), an encoded `/`, control characters, characters a URL path does not
 * hold raw, and broken percent-encoding.
 */
export function checkPath(path: string): Refusal | undefined {
  if (!path.startsWith('/')) return invalid('must start with "/"', path);
  if (/\\|%5c/i.test(path)) return invalid('must not hold a backslash ("\\" or %5C)', path);
  if (path.includes(';')) return invalid('must not hold ";"', path);
  // Anything else outside RFC 3986's path characters is read differently by each parser (WHATWG encodes it).
  if (/[^A-Za-z0-9\-._~!$&'()*+,=:@%/]/.test(path))
    return invalid('must hold only URL path characters (percent-encode the others)', path);
  const segments = path.split('/').slice(1);
  for (const [index, segment] of segments.entries()) {
    const decoded = fullyDecoded(segment);
    if (decoded === undefined) return invalid('must be valid percent-encoding', path);
    if (decoded === '.' || decoded === '..')
      return invalid('must not hold "." or ".." segments, in any encoding', path);
    if (segment === '' && index < segments.length - 1)
      return invalid('must not hold empty segments ("//")', path);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
    if (/[\u0000-\u001f\u007f]/.test(decoded)) return invalid('must not hold control characters', path);
    if (/[/\\]/.test(decoded)) return invalid('must not hold an encoded "/" or "\\"', path);
  }
  return undefined;
}

/**
 * A request target as it arrived on the wire (origin form `/v1/x?q`, or absolute form `http://host/v1/x?q`, whose
 * authority is handed back for the Host policy), or a web Request's `url`, checked by `checkPath`. `*` and anything else that names no path
 * is refused.
 */
export function checkTarget(target: string): CheckedTarget | Refusal {
  let rest = target;
  let authority: string | undefined;
  const absolute = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(target);
  if (absolute) {
    if (!/^https?:/i.test(target))
      return refusal(
        400,
        'malformed_request_target',
        `request target: must be a path or an http URL (got ${JSON.stringify(target.slice(0, 200))})`,
        null,
      );
    // The authority must be one: `http://[/x` is a broken target (RFC 9112 asks a 400), not `/x`.
    authority = absolute[0].replace(/^[a-z][a-z0-9+.-]*:\/\//i, '');
    if (!parseHost(authority))
      return refusal(
        400,
        'malformed_request_target',
        `request target: the authority of an absolute-form target must be a host with an optional port (got ${JSON.stringify(target.slice(0, 200))})`,
        null,
      );
    rest = target.slice(absolute[0].length) || '/';
  }
  if (!rest.startsWith('/'))
    return refusal(
      400,
      'malformed_request_target',
      `request target: must be a path (got ${JSON.stringify(target.slice(0, 200))})`,
      null,
    );
  const hashAt = rest.indexOf('#');
  const withoutHash = hashAt === -1 ? rest : rest.slice(0, hashAt);
  const queryAt = withoutHash.indexOf('?');
  const pathname = queryAt === -1 ? withoutHash : withoutHash.slice(0, queryAt);
  const search = queryAt === -1 ? '' : withoutHash.slice(queryAt);
  const refused = checkPath(pathname);
  if (refused) return refused;
  const checked = { pathname, search: search === '?' ? '' : search };
  return authority === undefined ? checked : { ...checked, authority };
}
