import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertCliBuilt } from '../test/builtCli.js';
import { type HostileAnswer, type HostileRequest, startHostileServer } from '../test/hostileServer.js';
import { keyLeaks } from '../test/keyLeaks.js';
import { runWithEveryReport } from '../test/reportedCliRun.js';

const key = 'ii_live_7Hq2mX9pR4vK8wL3zN6b';
const json: Array<[string, string]> = [['content-type', 'application/json']];

/** What a lax server says to anything: a 500 with the request's own Authorization header quoted back. */
const echoing = (request: HostileRequest, overrides: Partial<HostileAnswer> = {}): HostileAnswer => ({
  status: 500,
  reason: 'Internal Server Error',
  headers: json,
  body: `{"error":{"message":"could not use ${request.headers.authorization ?? 'no header'}"}}`,
  ...overrides,
});

/** A body with the key across each place something cuts an answer: 200 and 500 characters, 64 KiB. */
function keyAcrossCuts(charactersBeforeCut: number): string {
  const body = [...'x'.repeat(65_536 + 200)];
  for (const cut of [200, 500, 65_536]) body.splice(cut - charactersBeforeCut, key.length, ...key);
  return body.join('');
}

describe('the command never writes the key, whatever the server echoes', () => {
  let work: string;
  const servers: Array<{ close(): Promise<void> }> = [];
  const serve = async (answer: (request: HostileRequest) => HostileAnswer) => {
    const server = await startHostileServer(answer);
    servers.push(server);
    return server;
  };
  beforeAll(async () => {
    assertCliBuilt();
    work = await mkdtemp(join(tmpdir(), 'contract-tests-key-'));
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()));
    await rm(work, { recursive: true, force: true });
  });

  it('redacts the status text of a server that echoes the Authorization header in its status line', async () => {
    const server = await serve((request) =>
      echoing(request, { reason: request.headers.authorization ?? '' }),
    );
    const { run, outputs } = await runWithEveryReport(work, server.url, key, ['--only', 'listInstanceTypes']);
    expect(run.code, run.output).toBe(1);
    expect(keyLeaks(key, outputs)).toEqual([]);
    const entries = JSON.parse(outputs['run.har'] ?? '').log.entries;
    expect(entries.map((entry: { response: { statusText: string } }) => entry.response.statusText)).toContain(
      'Bearer [redacted]',
    );
    expect(outputs['run.ndjson']).toContain('"statusText":"Bearer [redacted]"');
  });

  it('redacts header values and names that echo it', async () => {
    const server = await serve((request) =>
      echoing(request, {
        headers: [
          ...json,
          ['x-echo', request.headers.authorization ?? ''],
          ['www-authenticate', `Bearer error="invalid_token", token="${key}"`],
          [`x-${key}`, 'named after the key'],
        ],
      }),
    );
    const { run, outputs } = await runWithEveryReport(work, server.url, key, ['--only', 'listInstanceTypes']);
    expect(run.code, run.output).toBe(1);
    expect(keyLeaks(key, outputs)).toEqual([]);
    expect(outputs['run.har']).toContain('"value": "Bearer [redacted]"');
  });

  it('leaves no piece of a key that an answer holds across the 200, 500 and 64 KiB cuts, at every offset', async () => {
    const offsets = new Set<number>();
    const server = await serve((request) => {
      // Request by request, the key starts one character further before each cut, until all of it but one is before.
      const charactersBeforeCut = (request.index % (key.length - 1)) + 1;
      offsets.add(charactersBeforeCut);
      return echoing(request, {
        headers: [['content-type', 'text/plain']],
        body: keyAcrossCuts(charactersBeforeCut),
      });
    });
    const { run, outputs } = await runWithEveryReport(work, server.url, key, ['--only', 'Instances,Billing']);
    expect(run.code, run.output).toBe(1);
    expect(offsets.size).toBe(key.length - 1);
    expect(keyLeaks(key, outputs)).toEqual([]);
    // The cuts still happen, after redaction: failures quote 500 characters, the HAR keeps 64 KiB.
    expect(outputs.stdout).toMatch(/answer: 500 x+\[redacted\]x+\[redacted\]x*\.\.\./);
    expect(JSON.parse(outputs['run.har'] ?? '').log.entries[0].response.content.comment).toMatch(
      /^cut to the first/,
    );
  });

  it('refuses a key with a line break in the pre-flight, naming neither line, and still writes every report', async () => {
    const server = await serve((request) => echoing(request));
    const twoLines = 'ii_live_4f9a2c7e81d0\n3b5e6f7a8c9d2e1f';
    const { run, outputs } = await runWithEveryReport(work, server.url, twoLines);
    expect(run.code, run.output).toBe(3);
    expect(run.stderr).toMatch(
      /^inference-infra-contract-tests: The API key cannot be sent: it holds a line break/,
    );
    expect(server.requests()).toBe(0);
    expect(keyLeaks(twoLines, outputs)).toEqual([]);
    expect(outputs['junit.xml']).toContain('<error message="The API key cannot be sent');
    expect(outputs['summary.md']).toContain('could not run\n\nThe API key cannot be sent');
    expect(JSON.parse(outputs['run.har'] ?? '').log.comment).toMatch(/^the run stopped at the pre-flight: /);
    expect(outputs['run.ndjson']).toMatch(/^\{"type":"error","message":"The API key cannot be sent/);
  });

  it('writes HAR and NDJSON when the pre-flight fails, the refusal and its echoes redacted', async () => {
    const server = await serve((request) =>
      echoing(request, {
        status: 401,
        reason: `Unknown key ${key}`,
        headers: [...json, ['x-echo', key]],
      }),
    );
    const { run, outputs } = await runWithEveryReport(work, server.url, key);
    expect(run.code, run.output).toBe(3);
    expect(run.stderr).toMatch(/The API key was refused \(401 on GET /);
    expect(keyLeaks(key, outputs)).toEqual([]);
    const [entry] = JSON.parse(outputs['run.har'] ?? '').log.entries;
    expect(entry).toMatchObject({
      comment: 'pre-flight',
      response: { status: 401, statusText: 'Unknown key [redacted]' },
    });
    const lines = (outputs['run.ndjson'] ?? '')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines.map((line) => line.type)).toEqual(['exchange', 'error']);
    expect(lines[1].message).toMatch(/^The API key was refused/);
  });

  it('stops reading an endless answer at --max-answer-bytes and fails the check, key-filled as it is', async () => {
    // Over five of the answer's key-filled 36 KB units: the cut lands inside key-filled text, as a larger cap's would.
    const cap = 200_000;
    const server = await serve((request) =>
      // The pre-flight's two requests get ordinary answers, so the checks run.
      request.index < 2
        ? echoing(request, { status: request.index === 0 ? 200 : 400, body: '{}' })
        : echoing(request, { status: 200, body: `${key} and on `.repeat(1000), framing: 'endless' }),
    );
    const { run, outputs } = await runWithEveryReport(work, server.url, key, [
      '--only',
      'listInstanceTypes',
      '--max-answer-bytes',
      String(cap),
    ]);
    expect(run.code, run.output).toBe(1);
    expect(run.stdout).toMatch(
      /GET \/api\/v1\/instances\/types → 200: answer larger than 200000 bytes \(--max-answer-bytes\)/,
    );
    expect(keyLeaks(key, outputs)).toEqual([]);
    // Each endless answer cost the cap and what the sockets buffered, not what the server would have gone on sending.
    expect(server.endlessBytes()).toBeLessThan((server.requests() - 2) * (cap + 8 * 1024 * 1024));
    expect(outputs['run.har']).toContain('"_error": "answer larger than 200000 bytes (--max-answer-bytes)"');
  });

  it('ends the run at the pre-flight when its own answer is past the cap', async () => {
    const server = await serve((request) =>
      echoing(request, { status: 200, body: 'x'.repeat(1024), framing: 'endless' }),
    );
    const { run } = await runWithEveryReport(work, server.url, key, ['--max-answer-bytes', '100000']);
    expect(run.code, run.output).toBe(3);
    expect(run.stderr).toMatch(
      /GET http:\/\/127\.0\.0\.1:\d+\/api\/v1\/instances\/types answered 200, but reading its body failed: answer larger than 100000 bytes/,
    );
  });
});
