import { isTrustedAddress } from '../auth/issuerKeys.js';
import { isLoopback } from '../http/serveHttp.js';
import { CliOptionError } from './errors.js';

/** How a server that others reach knows whose key a request spends. */
export const authModes = ['bearer-passthrough', 'oauth'] as const;
export type AuthMode = (typeof authModes)[number];

/** What the command line says about serving other machines: the mode, the names and, for OAuth, the issuers. */
export interface RemoteCliOptions {
  auth?: AuthMode;
  allowHosts: string[];
  authIssuers: string[];
  resourceUrl?: string;
  authKeysFile?: string;
}

export interface RemoteFlags {
  http: boolean;
  host: string;
  auth: string | undefined;
  allowHosts: string[];
  authIssuers: string[];
  resourceUrl: string | undefined;
  authKeysFile: string | undefined;
}

function checkedAddress(flag: string, text: string): string {
  if (!isTrustedAddress(text))
    throw new CliOptionError(
      `${flag} ${JSON.stringify(text)}: must be an https:// address without query or fragment (plain http:// to loopback only)`,
    );
  return text;
}

/**
 * The rules for serving beyond loopback: a server that other machines reach must not spend one key for all of them,
 * so it needs an `--auth` mode, and the names it is reached by (`--allow-host`), since the default Host policy takes
 * loopback names only. Flags of a mode are refused without it, so a misspelt setup fails at start.
 */
export function remoteCliOptions(flags: RemoteFlags): RemoteCliOptions {
  const { auth, host } = flags;
  if (auth !== undefined && !authModes.includes(auth as AuthMode))
    throw new CliOptionError(`--auth must be one of ${authModes.join(', ')} (got ${JSON.stringify(auth)})`);
  if (auth !== undefined && !flags.http)
    throw new CliOptionError(
      '--auth needs --http: over stdio the server serves one user, with the key of its environment',
    );
  if (!isLoopback(host) && auth === undefined)
    throw new CliOptionError(
      `--host ${host}: a server other machines can reach needs --auth (${authModes.join(' or ')}), so that each caller spends their own key`,
    );
  if (flags.allowHosts.length > 0 && auth === undefined)
    throw new CliOptionError(
      '--allow-host needs --auth: names other machines use reach a server that must know whose key each request spends',
    );
  if (!isLoopback(host) && flags.allowHosts.length === 0)
    throw new CliOptionError(
      `--host ${host} needs --allow-host NAME (repeatable): the names clients reach this server by, such as mcp.example.com, or * for any (against DNS rebinding)`,
    );
  const oauthFlags = {
    '--auth-issuer': flags.authIssuers.length > 0,
    '--resource-url': !!flags.resourceUrl,
    '--auth-keys': !!flags.authKeysFile,
  };
  if (auth !== 'oauth') {
    const stray = Object.entries(oauthFlags).find(([, given]) => given);
    if (stray) throw new CliOptionError(`${stray[0]} needs --auth oauth`);
  } else {
    if (flags.authIssuers.length === 0)
      throw new CliOptionError(
        '--auth oauth needs --auth-issuer URL: the authorization server whose tokens this server takes',
      );
    if (!flags.authKeysFile)
      throw new CliOptionError(
        '--auth oauth needs --auth-keys FILE: a JSON object of token subject to API key (from code, serveHttp takes a keyForSubject function instead)',
      );
    if (!flags.resourceUrl && !isLoopback(host))
      throw new CliOptionError(
        `--auth oauth on --host ${host} needs --resource-url URL: this server's address as its clients reach it (e.g. https://mcp.example.com/mcp), the audience its tokens must name`,
      );
  }
  return {
    ...(auth ? { auth: auth as AuthMode } : {}),
    allowHosts: flags.allowHosts,
    authIssuers: flags.authIssuers.map((issuer) => checkedAddress('--auth-issuer', issuer)),
    ...(flags.resourceUrl ? { resourceUrl: checkedAddress('--resource-url', flags.resourceUrl) } : {}),
    ...(flags.authKeysFile ? { authKeysFile: flags.authKeysFile } : {}),
  };
}
