import { type HttpAuth, serveHttp } from '../http/serveHttp.js';
import { createMcpServer, type McpServerOptions } from '../server/createMcpServer.js';
import { cutText, redactorOf } from '../shared/redaction.js';
import { serveStdio } from '../stdio/serveStdio.js';
import { keysForSubjects } from './authKeysFile.js';
import type { CliOptions } from './cliOptions.js';
import { CliOptionError, StartError } from './errors.js';

/** The key the simulator gets when none is given: any `<prefix>_live_<random>` opens a workspace there. */
const simulatorKey = 'ii_live_simulator';

/** Where the simulator's in-process fetch answers: the spec's default addresses, never a socket. */
const simulatorAddresses = { baseUrl: 'http://127.0.0.1:4010/v1', platformUrl: 'http://127.0.0.1:4011' };

/** What the process runs until it is stopped: the stdio server, or the HTTP one. */
export interface Started {
  describe: string;
  close(): Promise<void>;
}

/**
 * Starts the server the options ask for. The simulator is loaded only for `--simulator`, so a run against the API
 * never loads it.
 */
export async function startFromCli(
  options: CliOptions,
  writeStderr: (text: string) => void,
): Promise<Started> {
  // With --auth no session may fall back on a key of the environment: each spends its caller's own.
  const apiKey = options.auth
    ? undefined
    : (options.apiKey ?? (options.simulator ? simulatorKey : undefined));
  if (!apiKey && !options.auth) {
    throw new StartError(
      'No API key: set INFERENCE_INFRA_API_KEY, or run with --simulator to try the tools on the in-process simulator.',
    );
  }
  const redact = redactorOf(apiKey);
  const log = (line: string) => writeStderr(`${cutText(redact(line), 4000)}\n`);
  if (options.auth && options.apiKey)
    log(
      `[warn] INFERENCE_INFRA_API_KEY is not used: with --auth ${options.auth} each session spends its caller's own key`,
    );
  const httpAuth = httpAuthOf(options);
  let serverOptions: McpServerOptions = {
    // With --auth, the options are checked on a server that holds no key and reads none from the environment.
    apiKey: apiKey ?? null,
    allow: options.allow,
    allowWrites: options.allowWrites,
    logLevel: options.logLevel,
    writeLog: writeStderr,
    ...(options.maxRetries === undefined ? {} : { maxRetries: options.maxRetries }),
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    ...(options.maxAnswerBytes === undefined ? {} : { maxAnswerBytes: options.maxAnswerBytes }),
    ...(options.streamTimeoutMs === undefined ? {} : { streamTimeoutMs: options.streamTimeoutMs }),
    ...(options.streamIdleTimeoutMs === undefined
      ? {}
      : { streamIdleTimeoutMs: options.streamIdleTimeoutMs }),
  };
  if (options.simulator) {
    const { createSimulator, SimulatorOptionError } = await import('@inference-infra/mock-server');
    let simulator: ReturnType<typeof createSimulator>;
    try {
      simulator = createSimulator(
        options.simulatorScenario ? { scenario: options.simulatorScenario as never } : {},
      );
    } catch (error) {
      // The simulator names its option (`scenario`); the command line's is --simulator-scenario.
      if (!(error instanceof SimulatorOptionError)) throw error;
      throw new CliOptionError(error.message.replace(/^scenario\b/, '--simulator-scenario'));
    }
    serverOptions = { ...serverOptions, ...simulatorAddresses, fetch: simulator.fetch };
  } else {
    serverOptions = {
      ...serverOptions,
      ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}),
      ...(options.platformUrl ? { platformUrl: options.platformUrl } : {}),
    };
  }
  // Checked once up front, so a bad --allow or address is a sentence at start, not a failure at the first call.
  const first = createMcpServer(serverOptions);
  const target = options.simulator
    ? 'the in-process simulator'
    : [
        'the API',
        ...(options.baseUrl ? [] : ['no INFERENCE_INFRA_BASE_URL: the inference tools will answer an error']),
        ...(options.platformUrl
          ? []
          : ['no INFERENCE_INFRA_PLATFORM_URL: the platform tools will answer an error']),
      ].join('; ');
  const tools = `${first.listed.length} of ${first.tools.length} tools listed`;
  if (options.http) {
    let unused: typeof first | undefined = first;
    const endpoint = await serveHttp(
      ({ apiKey: callerKey }) => {
        // A session of --auth without its caller's key would spend the environment's (the fetch client's default).
        if (httpAuth && !callerKey) throw new Error('a session of --auth was made without its caller key');
        if (httpAuth) return createMcpServer({ ...serverOptions, apiKey: callerKey });
        const session = unused ?? createMcpServer(serverOptions);
        unused = undefined;
        return session;
      },
      {
        host: options.host,
        port: options.port,
        log,
        ...(options.maxMessageBytes ? { maxMessageBytes: options.maxMessageBytes } : {}),
        ...(options.bodyTimeoutMs ? { bodyTimeoutMs: options.bodyTimeoutMs } : {}),
        ...(options.maxSessions ? { maxSessions: options.maxSessions } : {}),
        ...(options.maxSessionsPerClient ? { maxSessionsPerClient: options.maxSessionsPerClient } : {}),
        ...(options.sessionIdleMs ? { sessionIdleMs: options.sessionIdleMs } : {}),
        ...(options.stateless ? { stateless: true } : {}),
        allowOrigins: options.allowOrigins,
        ...(httpAuth ? { auth: httpAuth, allowHosts: options.allowHosts } : {}),
      },
    ).catch((error: Error) => {
      // A port in use, or a host this machine does not have: a sentence, not a stack.
      throw new StartError(`cannot serve on ${options.host}:${options.port}: ${error.message}`);
    });
    const whose = options.auth ? `, each caller's own key (--auth ${options.auth})` : '';
    return {
      describe: `inference-infra-mcp: ${endpoint.url} (${tools}, ${target}${whose})`,
      close: endpoint.close,
    };
  }
  const transport = await serveStdio(first, log, options.maxMessageBytes);
  return { describe: `inference-infra-mcp: stdio (${tools}, ${target})`, close: () => transport.close() };
}

/** The `serveHttp` auth of the command line: for OAuth, the issuers and the keys file read now, at start. */
function httpAuthOf(options: CliOptions): HttpAuth | undefined {
  if (options.auth === 'bearer-passthrough') return { mode: 'bearer-passthrough' };
  if (options.auth !== 'oauth') return undefined;
  return {
    mode: 'oauth',
    issuers: options.authIssuers,
    keyForSubject: keysForSubjects(options.authKeysFile ?? '', options.authIssuers),
    ...(options.resourceUrl ? { resource: options.resourceUrl } : {}),
  };
}
