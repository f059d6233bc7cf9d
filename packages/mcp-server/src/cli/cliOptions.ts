import { parseArgs } from 'node:util';
import type { LogLevel } from '@inference-infra/fetch-client';
import { CliOptionError } from './errors.js';
import { type RemoteCliOptions, remoteCliOptions } from './remoteOptions.js';

/** What the command line and the environment ask for. */
export interface CliOptions extends RemoteCliOptions {
  simulator: boolean;
  simulatorScenario?: string;
  apiKey?: string;
  baseUrl?: string;
  platformUrl?: string;
  allow: string[];
  allowWrites: boolean;
  http: boolean;
  host: string;
  port: number;
  maxRetries?: number;
  timeoutMs?: number;
  maxAnswerBytes?: number;
  streamTimeoutMs?: number;
  streamIdleTimeoutMs?: number;
  maxMessageBytes?: number;
  bodyTimeoutMs?: number;
  allowOrigins: string[];
  maxSessions?: number;
  maxSessionsPerClient?: number;
  sessionIdleMs?: number;
  stateless: boolean;
  logLevel: LogLevel;
  help: boolean;
  version: boolean;
}

export const usage = `Usage: inference-infra-mcp [options]

The Inference and Infrastructure API as MCP tools, over stdio (default) or Streamable HTTP.
Tools that change state or cost money are not listed unless allowed.

Options:
  --simulator              call the in-process simulator instead of the API (no key needed, nothing leaves)
  --simulator-scenario S   with --simulator: rate-limited, flaky, slow or cut-streams
  --allow TOOL             list this state-changing or billable tool too (repeatable)
  --allow-writes           list every tool
  --base-url URL           inference base address, /v1 included  [INFERENCE_INFRA_BASE_URL]
  --platform-url URL       platform base address, no /api/v1      [INFERENCE_INFRA_PLATFORM_URL]
  --http                   serve Streamable HTTP at http://HOST:PORT/mcp instead of stdio
  --host HOST              address for --http (default 127.0.0.1); one other machines reach needs --auth
  --port PORT              port for --http (default 3333; 0 picks a free one)
  --max-retries N          retries of the API client (default 2)
  --timeout-ms MS          per attempt (default 60000); a stream's until its headers are in
  --stream-timeout-ms MS   longest a streamed chat may take to its end (default 600000)
  --stream-idle-timeout-ms MS  longest silence between two chunks of a streamed chat (default 60000)
  --max-answer-bytes N     largest answer of the API read, streamed or not (default 16777216)
  --max-message-bytes N    largest MCP message read (default 8388608)
  --body-timeout-ms MS     with --http: longest a request body may take to arrive (default 30000)
  --allow-origin ORIGIN    with --http: a web page's origin that may call too, e.g. the MCP Inspector's (repeatable)
  --max-sessions N         with --http: most sessions at once (default 100); past it a new one is refused
  --max-sessions-per-client N  with --http: most sessions of one client address (default 10)
  --session-idle-ms MS     with --http: a session without a request this long is closed (default 900000)
  --stateless              with --http: no sessions, each POST answered on its own (replicas behind a load balancer)
  --auth MODE              with --http: each caller's own key, bearer-passthrough (the key as the bearer token)
                           or oauth (an issuer's tokens, mapped to keys by --auth-keys)
  --allow-host NAME        with --auth: a name clients reach the server by (repeatable; * for any); needed
                           beyond loopback
  --auth-issuer URL        with --auth oauth: an issuer whose tokens are taken (repeatable)
  --resource-url URL       with --auth oauth: this server's address as clients reach it, the tokens' audience
                           (default http://HOST:PORT/mcp)
  --auth-keys FILE         with --auth oauth: a JSON object of token subject to API key
  --log-level LEVEL        off, error, warn, info or debug, to stderr  [INFERENCE_INFRA_LOG]
  --help, --version

The key is read from INFERENCE_INFRA_API_KEY only: a key on the command line is readable by every process.
With --auth, each session spends its caller's key and INFERENCE_INFRA_API_KEY is not used.`;

const logLevels = ['off', 'error', 'warn', 'info', 'debug'];

function wholeNumber(flag: string, text: string | undefined, min: number, max: number): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < min || value > max) {
    throw new CliOptionError(
      `${flag} must be a whole number from ${min} to ${max} (got ${JSON.stringify(text)})`,
    );
  }
  return value;
}

/**
 * An origin as a browser sends it in `Origin` (`http://127.0.0.1:6274`: scheme, host and port, nothing else), or `*`
 * for any page. Anything else could never match, and would leave the page it was meant for refused without a word.
 */
function checkedOrigin(text: string): string {
  if (text === '*') return text;
  const origin = URL.canParse(text) ? new URL(text).origin : 'null';
  if (origin === 'null' || origin !== text)
    throw new CliOptionError(
      `--allow-origin ${JSON.stringify(text)}: must be an origin as browsers send it, scheme://host:port with no path (e.g. http://127.0.0.1:6274), or *`,
    );
  return origin;
}

/** Reads the command line, then the environment for what the flags leave out. */
export function parseCliOptions(argv: readonly string[], env: NodeJS.ProcessEnv): CliOptions {
  let values: ReturnType<typeof parse>['values'];
  try {
    values = parse(argv).values;
  } catch (error) {
    throw new CliOptionError(`${(error as Error).message} (see --help)`);
  }
  const logLevel = values['log-level'] ?? env.INFERENCE_INFRA_LOG ?? 'off';
  if (!logLevels.includes(logLevel)) {
    throw new CliOptionError(
      `--log-level must be one of ${logLevels.join(', ')} (got ${JSON.stringify(logLevel)})`,
    );
  }
  if (values['simulator-scenario'] !== undefined && !values.simulator) {
    throw new CliOptionError('--simulator-scenario needs --simulator');
  }
  if (values.stateless && !values.http)
    throw new CliOptionError(
      '--stateless needs --http: over stdio there is one client and no session to spare',
    );
  const host = values.host ?? '127.0.0.1';
  const remote = remoteCliOptions({
    http: values.http ?? false,
    host,
    auth: values.auth,
    allowHosts: values['allow-host'] ?? [],
    authIssuers: values['auth-issuer'] ?? [],
    resourceUrl: values['resource-url'],
    authKeysFile: values['auth-keys'],
  });
  const apiKey = env.INFERENCE_INFRA_API_KEY || undefined;
  const baseUrl = values['base-url'] ?? (env.INFERENCE_INFRA_BASE_URL || undefined);
  const platformUrl = values['platform-url'] ?? (env.INFERENCE_INFRA_PLATFORM_URL || undefined);
  const maxRetries = wholeNumber('--max-retries', values['max-retries'], 0, 10);
  const timeoutMs = wholeNumber('--timeout-ms', values['timeout-ms'], 1, 2_147_483_647);
  const maxMessageBytes = wholeNumber('--max-message-bytes', values['max-message-bytes'], 1024, 1024 ** 3);
  const longest = 2_147_483_647;
  const numbers = {
    maxAnswerBytes: wholeNumber('--max-answer-bytes', values['max-answer-bytes'], 1024, 1024 ** 3),
    streamTimeoutMs: wholeNumber('--stream-timeout-ms', values['stream-timeout-ms'], 1, longest),
    streamIdleTimeoutMs: wholeNumber(
      '--stream-idle-timeout-ms',
      values['stream-idle-timeout-ms'],
      1,
      longest,
    ),
    bodyTimeoutMs: wholeNumber('--body-timeout-ms', values['body-timeout-ms'], 1, longest),
    maxSessions: wholeNumber('--max-sessions', values['max-sessions'], 1, 100_000),
    maxSessionsPerClient: wholeNumber(
      '--max-sessions-per-client',
      values['max-sessions-per-client'],
      1,
      100_000,
    ),
    sessionIdleMs: wholeNumber('--session-idle-ms', values['session-idle-ms'], 1, longest),
  };
  const allowOrigins = (values['allow-origin'] ?? []).map(checkedOrigin);
  return {
    simulator: values.simulator ?? false,
    ...(values['simulator-scenario'] ? { simulatorScenario: values['simulator-scenario'] } : {}),
    ...(apiKey ? { apiKey } : {}),
    ...(baseUrl ? { baseUrl } : {}),
    ...(platformUrl ? { platformUrl } : {}),
    allow: values.allow ?? [],
    allowWrites: values['allow-writes'] ?? false,
    http: values.http ?? false,
    stateless: values.stateless ?? false,
    host,
    port: wholeNumber('--port', values.port, 0, 65535) ?? 3333,
    ...(maxRetries === undefined ? {} : { maxRetries }),
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
    ...(maxMessageBytes === undefined ? {} : { maxMessageBytes }),
    ...Object.fromEntries(Object.entries(numbers).filter(([, value]) => value !== undefined)),
    allowOrigins,
    ...remote,
    logLevel: logLevel as LogLevel,
    help: values.help ?? false,
    version: values.version ?? false,
  };
}

function parse(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    strict: true,
    allowPositionals: false,
    options: {
      simulator: { type: 'boolean' },
      'simulator-scenario': { type: 'string' },
      allow: { type: 'string', multiple: true },
      'allow-writes': { type: 'boolean' },
      'base-url': { type: 'string' },
      'platform-url': { type: 'string' },
      http: { type: 'boolean' },
      host: { type: 'string' },
      port: { type: 'string' },
      'max-retries': { type: 'string' },
      'timeout-ms': { type: 'string' },
      'max-message-bytes': { type: 'string' },
      'max-answer-bytes': { type: 'string' },
      'stream-timeout-ms': { type: 'string' },
      'stream-idle-timeout-ms': { type: 'string' },
      'body-timeout-ms': { type: 'string' },
      'allow-origin': { type: 'string', multiple: true },
      'max-sessions': { type: 'string' },
      'max-sessions-per-client': { type: 'string' },
      'session-idle-ms': { type: 'string' },
      stateless: { type: 'boolean' },
      auth: { type: 'string' },
      'allow-host': { type: 'string', multiple: true },
      'auth-issuer': { type: 'string', multiple: true },
      'resource-url': { type: 'string' },
      'auth-keys': { type: 'string' },
      'log-level': { type: 'string' },
      help: { type: 'boolean' },
      version: { type: 'boolean' },
    },
  });
}
