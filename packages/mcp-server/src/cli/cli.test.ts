import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { binPath } from '../test/stdioProcess.js';
import { parseCliOptions } from './cliOptions.js';

function runBin(args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, [binPath, ...args], {
    encoding: 'utf8',
    input: '',
    env: { PATH: process.env.PATH ?? '', ...env },
    timeout: 20_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('the command line', () => {
  it('reads flags over the environment, the key from the environment only', () => {
    const options = parseCliOptions(
      ['--allow', 'resize_volume', '--allow', 'generate_images', '--base-url', 'http://127.0.0.1:1/v1'],
      {
        INFERENCE_INFRA_API_KEY: 'ii_live_x',
        INFERENCE_INFRA_BASE_URL: 'http://127.0.0.1:2/v1',
        INFERENCE_INFRA_PLATFORM_URL: 'http://127.0.0.1:3',
        INFERENCE_INFRA_LOG: 'warn',
      },
    );
    expect(options).toMatchObject({
      apiKey: 'ii_live_x',
      baseUrl: 'http://127.0.0.1:1/v1',
      platformUrl: 'http://127.0.0.1:3',
      allow: ['resize_volume', 'generate_images'],
      logLevel: 'warn',
      http: false,
      port: 3333,
    });
    expect(() => parseCliOptions(['--api-key', 'ii_live_x'], {})).toThrow(/Unknown option '--api-key'/);
  });

  it('reads the bounds of answers, bodies and sessions, and the origins allowed to call', () => {
    const options = parseCliOptions(
      [
        ...['--max-answer-bytes', '2048', '--stream-timeout-ms', '5000', '--body-timeout-ms', '700'],
        ...['--max-sessions', '20', '--max-sessions-per-client', '3', '--session-idle-ms', '60000'],
        ...['--allow-origin', 'http://127.0.0.1:6274', '--allow-origin', 'http://localhost:6274'],
      ],
      {},
    );
    expect(options).toMatchObject({
      maxAnswerBytes: 2048,
      streamTimeoutMs: 5000,
      bodyTimeoutMs: 700,
      maxSessions: 20,
      maxSessionsPerClient: 3,
      sessionIdleMs: 60000,
      allowOrigins: ['http://127.0.0.1:6274', 'http://localhost:6274'],
    });
    expect(parseCliOptions([], {}).allowOrigins).toEqual([]);
    expect(parseCliOptions(['--http', '--stateless'], {}).stateless).toBe(true);
  });

  it('serves beyond loopback only with an --auth mode and the names it is reached by', () => {
    const remote = [
      '--http',
      '--host',
      '0.0.0.0',
      '--auth',
      'bearer-passthrough',
      '--allow-host',
      'mcp.example.com',
    ];
    expect(parseCliOptions(remote, {})).toMatchObject({
      host: '0.0.0.0',
      auth: 'bearer-passthrough',
      allowHosts: ['mcp.example.com'],
    });
    const oauth = [
      ...['--http', '--auth', 'oauth', '--auth-issuer', 'https://id.example.com/tenant'],
      ...['--auth-keys', 'keys.json', '--resource-url', 'https://mcp.example.com/mcp'],
    ];
    expect(parseCliOptions(oauth, {})).toMatchObject({
      auth: 'oauth',
      authIssuers: ['https://id.example.com/tenant'],
      authKeysFile: 'keys.json',
      resourceUrl: 'https://mcp.example.com/mcp',
    });
    expect(parseCliOptions(['--http'], {}).auth).toBeUndefined();
  });

  it.each([
    [['--port', '70000'], /--port must be a whole number from 0 to 65535 \(got "70000"\)/],
    [['--max-answer-bytes', '10'], /--max-answer-bytes must be a whole number from 1024 to 1073741824/],
    [['--session-idle-ms', '0'], /--session-idle-ms must be a whole number from 1 to/],
    [['--stream-idle-timeout-ms', '0'], /--stream-idle-timeout-ms must be a whole number from 1 to/],
    [
      ['--allow-origin', 'http://127.0.0.1:6274/'],
      /--allow-origin "http:\/\/127\.0\.0\.1:6274\/": must be an origin/,
    ],
    [['--allow-origin', 'localhost:6274'], /--allow-origin "localhost:6274": must be an origin/],
    [
      ['--http', '--host', '0.0.0.0'],
      /^--host 0\.0\.0\.0: a server other machines can reach needs --auth \(/,
    ],
    [['--http', '--host', '::'], /^--host ::: a server other machines can reach needs --auth/],
    [['--http', '--auth', 'basic'], /^--auth must be one of bearer-passthrough, oauth \(got "basic"\)$/],
    [['--auth', 'bearer-passthrough'], /^--auth needs --http/],
    [['--stateless'], /^--stateless needs --http/],
    [['--http', '--host', '0.0.0.0', '--auth', 'bearer-passthrough'], /needs --allow-host NAME/],
    [['--http', '--allow-host', 'mcp.example.com'], /^--allow-host needs --auth/],
    [
      ['--http', '--auth', 'bearer-passthrough', '--auth-issuer', 'https://id.example.com'],
      /^--auth-issuer needs --auth oauth$/,
    ],
    [['--http', '--auth', 'oauth', '--auth-keys', 'k.json'], /^--auth oauth needs --auth-issuer URL/],
    [
      ['--http', '--auth', 'oauth', '--auth-issuer', 'https://id.example.com'],
      /^--auth oauth needs --auth-keys FILE/,
    ],
    [
      ['--http', '--auth', 'oauth', '--auth-issuer', 'http://id.example.com', '--auth-keys', 'k.json'],
      /^--auth-issuer "http:\/\/id\.example\.com": must be an https:\/\/ address/,
    ],
    [
      [
        ...['--http', '--host', '0.0.0.0', '--allow-host', 'mcp.example.com', '--auth', 'oauth'],
        ...['--auth-issuer', 'https://id.example.com', '--auth-keys', 'k.json'],
      ],
      /needs --resource-url URL/,
    ],
    [['--log-level', 'loud'], /--log-level must be one of off, error, warn, info, debug/],
    [['--simulator-scenario', 'flaky'], /--simulator-scenario needs --simulator/],
  ])('refuses %j with a sentence', (args, message) => {
    expect(() => parseCliOptions(args, {})).toThrow(message);
  });

  it.each([
    [[], {}, /No API key: set INFERENCE_INFRA_API_KEY, or run with --simulator/],
    [
      ['--simulator', '--allow', 'drop_everything'],
      {},
      /--allow drop_everything: no such tool \(tools: create_chat_completion, /,
    ],
    [
      ['--host', '10.0.0.1', '--http'],
      {},
      /^inference-infra-mcp: --host 10\.0\.0\.1: a server other machines can reach needs --auth \(bearer-passthrough or oauth\), so that each caller spends their own key$/m,
    ],
    [
      ['--base-url', 'http://example.com/v1'],
      { INFERENCE_INFRA_API_KEY: 'ii_live_x' },
      /plain http:\/\/ to example\.com/,
    ],
    [
      ['--simulator', '--simulator-scenario', 'chaos'],
      {},
      /^inference-infra-mcp: --simulator-scenario must be one of rate-limited, flaky, slow, cut-streams, stalled-streams, failing-streams \(got chaos\)$/m,
    ],
    [
      ['--base-url', 'notaurl'],
      { INFERENCE_INFRA_API_KEY: 'ii_live_x' },
      /^inference-infra-mcp: --base-url \(or INFERENCE_INFRA_BASE_URL\) must be an absolute http\(s\) URL/m,
    ],
  ])('the built bin exits 2 with one sentence for %j', (args, env, message) => {
    const result = runBin(args as string[], env);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(result.stdout).toBe('');
  });

  it('prints its usage and version on stderr, never stdout', () => {
    const help = runBin(['--help']);
    expect(help.status).toBe(0);
    expect(help.stderr).toContain('Usage: inference-infra-mcp');
    expect(help.stdout).toBe('');
  });
});
