import { afterAll, afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { ClientConfigError, createClient, type Logger } from '../index.js';
import { startFaultServer } from '../test/faultServer.js';
import { credentialsIn } from './logger.js';

const apiKey = 'ii_live_loggertests0123456';
/** A key with the characters JSON and URLs escape, for the fault server (the mock checks a key's form). */
const oddKey = 'ii_live_logger/odd"key';
const baseUrl = inject('mockBaseUrl');
const platformUrl = inject('mockPlatformUrl');

/** A logger that keeps every line, with its details, as the text a log shipper would store. */
function recordingLogger() {
  const lines: Array<{ level: string; text: string }> = [];
  const record =
    (level: string) =>
    (message: string, ...details: unknown[]) =>
      lines.push({ level, text: [message, ...details.map((detail) => JSON.stringify(detail))].join(' ') });
  const logger: Logger = {
    error: record('error'),
    warn: record('warn'),
    info: record('info'),
    debug: record('debug'),
  };
  return { logger, lines, text: () => lines.map((line) => line.text).join('\n') };
}

let server: Awaited<ReturnType<typeof startFaultServer>>;
beforeAll(async () => {
  server = await startFaultServer();
});
afterAll(() => server.close());
afterEach(() => vi.unstubAllEnvs());

describe('logLevel', () => {
  it('logs nothing by default', async () => {
    const { logger, lines } = recordingLogger();
    await createClient({ apiKey, baseUrl, platformUrl, logger }).instances.listTypes();
    expect(lines).toEqual([]);
  });

  it('at info, logs each call with its method, URL, status, attempt and time', async () => {
    const { logger, lines } = recordingLogger();
    await createClient({ apiKey, baseUrl, platformUrl, logger, logLevel: 'info' }).instances.listTypes();
    expect(lines).toHaveLength(1);
    expect(lines[0]?.level).toBe('info');
    expect(lines[0]?.text).toMatch(
      new RegExp(
        `GET ${platformUrl}/api/v1/instances/types 200 in \\d+ ms \\(attempt 1\\).*"requestId":"req_`,
      ),
    );
  });

  it('at warn, tells of each retry; at error, of the failure that ends the call', async () => {
    const { logger, lines } = recordingLogger();
    const client = createClient({ apiKey, platformUrl: server.url, logger, logLevel: 'warn' });
    await client.instances.listTypes({}, { headers: { 'x-fault': 'rate-limited-briefly-then-ok' } });
    await client.instances
      .listTypes({}, { headers: { 'x-fault': 'html-502' }, maxRetries: 0 })
      .catch(() => undefined);
    expect(lines.map((line) => line.level)).toEqual(['warn', 'error']);
    expect(lines[0]?.text).toMatch(
      /GET .*\/api\/v1\/instances\/types \(attempt 1 of 3\): 429; retrying in 0 ms/,
    );
    expect(lines[1]?.text).toMatch(/GET \/api\/v1\/instances\/types failed: 502 from listInstanceTypes/);
  });

  it('at debug, shows what was sent and what came back, bodies included, with the key redacted everywhere', async () => {
    const { logger, text } = recordingLogger();
    const client = createClient({ apiKey, baseUrl, platformUrl, logger, logLevel: 'debug' });
    // The key in a request body, and a server that echoes the key in its error body and in a header.
    await client.embeddings.create({ model: 'bge-large-en-v1.5', input: `my key is ${apiKey}` });
    const echoing = createClient({ apiKey: oddKey, platformUrl: server.url, logger, logLevel: 'debug' });
    await echoing.instances.listTypes({}, { headers: { 'x-fault': 'echo-key' } }).catch(() => undefined);
    const logged = text();
    expect(logged).toMatch(/→ POST .*\/embeddings \(attempt 1 of 3\).*"body":"\{.*my key is \[redacted\]/);
    expect(logged).toMatch(/← POST .*\/embeddings \(attempt 1 of 3\): 200 in \d+ ms.*"body":"\{.*embedding/);
    expect(logged).toMatch(/← GET .*: 401 in \d+ ms/);
    expect(logged).toContain('"authorization":"Bearer [redacted]"');
    expect(logged).toMatch(/Invalid key: Bearer \[redacted\]/);
    // Neither the key nor the spellings an echo gives it (JSON-escaped, percent-encoded) are anywhere.
    for (const spelling of [
      apiKey,
      JSON.stringify(apiKey).slice(1, -1),
      encodeURIComponent(apiKey),
      'loggertests',
    ]) {
      expect(logged).not.toContain(spelling);
    }
  });

  it('redacts credentials passed as headers too, by client or per call, from every line of every level', async () => {
    const { logger, text } = recordingLogger();
    const token = 'tok_proxy_secret_4711';
    // A keyless client for an app's own route that still sends a token of its own, and a key in a per-call header;
    // the fault server echoes the Authorization header in its 401 body.
    const keyless = createClient({
      apiKey: null,
      platformUrl: server.url,
      headers: { Authorization: `Bearer ${token}` },
      logger,
      logLevel: 'debug',
    });
    await keyless.instances.listTypes({}, { headers: { 'x-fault': 'echo-key' } }).catch(() => undefined);
    await keyless.instances.listTypes({}, { headers: { 'x-api-key': 'per_call_key_0815' } });
    const logged = text();
    expect(logged).toContain('"authorization":"Bearer [redacted]"');
    expect(logged).toContain('"x-api-key":"[redacted]"');
    expect(logged).toMatch(/failed: .*Invalid key: Bearer \[redacted\]/);
    for (const secret of [token, 'proxy_secret', 'per_call_key_0815']) expect(logged).not.toContain(secret);
  });

  it('reads INFERENCE_INFRA_LOG when no logLevel is passed; the option wins over it', async () => {
    vi.stubEnv('INFERENCE_INFRA_LOG', 'info');
    const fromEnvironment = recordingLogger();
    await createClient({ apiKey, platformUrl, logger: fromEnvironment.logger }).instances.listTypes();
    expect(fromEnvironment.lines).toHaveLength(1);
    const overridden = recordingLogger();
    await createClient({
      apiKey,
      platformUrl,
      logger: overridden.logger,
      logLevel: 'off',
    }).instances.listTypes();
    expect(overridden.lines).toEqual([]);
  });

  it('refuses an unknown level, naming the option or variable and the levels', () => {
    expect(() => createClient({ apiKey, logLevel: 'verbose' as 'debug' })).toThrow(
      new ClientConfigError('logLevel must be one of off, error, warn, info, debug (got "verbose")'),
    );
    vi.stubEnv('INFERENCE_INFRA_LOG', 'DEBUG');
    expect(() => createClient({ apiKey })).toThrow(
      'INFERENCE_INFRA_LOG must be one of off, error, warn, info, debug (got "DEBUG")',
    );
  });
});

describe('credentialsIn', () => {
  it("gives a scheme's token, a bare key and whole cookies, from every credential header and no other", () => {
    const headers = new Headers({
      authorization: 'Bearer abc.def',
      'proxy-authorization': 'Basic dXNlcjpwdw==',
      'x-api-key': 'bare-key',
      cookie: 'session=s1; theme=dark',
      'x-request-id': 'req_1',
    });
    expect(credentialsIn(headers).sort()).toEqual(
      ['abc.def', 'dXNlcjpwdw==', 'bare-key', 'session=s1; theme=dark'].sort(),
    );
    expect(credentialsIn(new Headers({ accept: 'application/json' }))).toEqual([]);
  });
});
