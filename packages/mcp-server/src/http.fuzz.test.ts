import { type ChildProcess, spawn } from 'node:child_process';
import { parsedOrText, sendRaw } from '@inference-infra/test-kit/rawHttp';
import { bytesOf, fuzzSeed, rawRequests } from '@inference-infra/test-kit/rawRequests';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { binPath, secretKey } from './test/stdioProcess.js';

/** Cases per run: a fixed budget, so CI's time is known (each case is two requests over real sockets). */
const numRuns = 300;
/** Printed, and taken from FUZZ_SEED when set, so a failure can be replayed exactly. */
const seed = fuzzSeed();

const initialize = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'fuzz', version: '1' } },
});
const mcpHeaders = 'accept: application/json, text/event-stream';

let child: ChildProcess;
let port = 0;
let stderr = '';
let exited: number | null | undefined;
let requestsSent = 0;

beforeAll(async () => {
  // The built bin over Streamable HTTP, every tool listed, on the simulator with this run's key.
  // Sessions bounded well above what a run opens: the generated initializations keep theirs (as a careless client
  // would), and a new session past a bound is refused rather than made by closing another.
  const bounds = ['--max-sessions', '1000', '--max-sessions-per-client', '1000'];
  child = spawn(
    process.execPath,
    [binPath, '--http', '--port', '0', '--simulator', '--allow-writes', ...bounds],
    {
      env: { PATH: process.env.PATH ?? '', INFERENCE_INFRA_API_KEY: secretKey },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.once('exit', (code) => {
    exited = code;
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  await new Promise<void>((resolve, reject) => {
    child.stderr?.on('data', () => {
      const found = /http:\/\/127\.0\.0\.1:(\d+)\/mcp/.exec(stderr);
      if (found) {
        port = Number(found[1]);
        resolve();
      }
    });
    child.once('exit', () => reject(new Error(`the MCP server exited before serving: ${stderr}`)));
  });
});

afterAll(() => {
  console.log(`MCP HTTP fuzz: seed ${seed}, ${numRuns} cases, ${requestsSent} requests sent`);
  child.kill('SIGTERM');
});

const requests = rawRequests({
  targets: ['/mcp', '/mcp?session=1', '/other', '//[', '/mcp/../mcp', '/%2fmcp'],
  headerLines: [
    mcpHeaders,
    'accept: text/event-stream',
    'mcp-session-id: 00000000-0000-4000-8000-000000000000',
    'mcp-session-id: ',
    'mcp-protocol-version: 2025-06-18',
    'mcp-protocol-version: 1999-01-01',
    'last-event-id: 1',
  ],
  bodies: [
    initialize,
    '{"jsonrpc":"2.0","id":2,"method":"tools/list"}',
    '{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"resize_volume","arguments":{"id":"vol_training","size_gb":10001}}}',
    '{"jsonrpc":"2.0","method":"notifications/initialized"}',
    `[${initialize},${initialize}]`,
    '{"jsonrpc":"1.0","id":{},"method":7}',
  ],
});

/** A client of the spec's kind still gets a session: the server is up and answering. */
async function stillServes(): Promise<boolean> {
  requestsSent += 1;
  const answer = await fetch(`http://127.0.0.1:${port}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: initialize,
  });
  await answer.text();
  // Ended at once, as a client that is done does: this check opens one session per case.
  const sessionId = answer.headers.get('mcp-session-id');
  if (sessionId)
    await fetch(`http://127.0.0.1:${port}/mcp`, {
      method: 'DELETE',
      headers: { 'mcp-session-id': sessionId },
    })
      .then((ended) => ended.text())
      .catch(() => undefined);
  return answer.status === 200;
}

describe('the MCP server over Streamable HTTP, fuzzed with raw HTTP requests', () => {
  it(`answers every generated request with well-formed HTTP, never the key, and keeps serving (${numRuns} cases)`, async () => {
    await fc.assert(
      fc.asyncProperty(requests, async (request) => {
        const { bytes, whole } = bytesOf(request);
        requestsSent += 1;
        const exchange = await sendRaw(port, { bytes, closeAfterSend: !whole });
        expect(exchange.text).not.toContain(secretKey);
        if (whole) {
          expect(exchange.text, exchange.text.slice(0, 300)).toMatch(/^HTTP\/1\.1 \d{3} [^\r\n]*\r\n/);
          const isError = (exchange.status ?? 0) >= 400;
          if (isError && exchange.ended === 'answered' && request.method !== 'HEAD') {
            // Every refusal of this server is a JSON-RPC error with a message saying what to change.
            const body = parsedOrText(exchange.body) as { error?: { code?: unknown; message?: unknown } };
            expect(typeof body.error?.code, exchange.text).toBe('number');
            expect(typeof body.error?.message, exchange.text).toBe('string');
          }
        }
        expect(await stillServes()).toBe(true);
        expect(exited).toBeUndefined();
      }),
      { numRuns, seed, endOnFailure: true },
    );
    expect(stderr).not.toContain(secretKey);
    expect(stderr).not.toMatch(/\[error\]/);
  }, 240_000);
});
