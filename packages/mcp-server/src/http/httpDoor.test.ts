import { sendRaw } from '@inference-infra/test-kit/rawHttp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initialize, rawPost, serveOnSimulator } from '../test/httpClients.js';
import { defaultBodyTimeoutMs, type HttpEndpoint } from './serveHttp.js';

let endpoint: HttpEndpoint;
let port: number;

beforeAll(async () => {
  endpoint = await serveOnSimulator({
    allowOrigins: ['http://127.0.0.1:6274'],
    maxMessageBytes: 4096,
    bodyTimeoutMs: 300,
    maxSessionsPerClient: 100,
  });
  port = Number(new URL(endpoint.url).port);
});
afterAll(() => endpoint.close());

describe('the request target', () => {
  it.each([
    '/mcp/../mcp',
    '/x/%2e%2e/mcp',
    '/x/%252E%252E/mcp',
    '/mcp/.',
    '//mcp',
    '/mcp;jsessionid=1',
    '/x%5C..%5Cmcp',
    '/%2fmcp',
  ])(
    'refuses %s, which some reader would take for another path, with a 400 naming the rule',
    async (target) => {
      const answer = await rawPost(endpoint.url, target);
      expect(answer.status).toBe(400);
      expect(answer.error?.message).toMatch(/^path: must/);
    },
  );

  it('answers the one path, /mcp, and 404 for another', async () => {
    expect((await rawPost(endpoint.url, '/mcp')).status).toBe(200);
    const other = await rawPost(endpoint.url, '/other');
    expect(other.status).toBe(404);
    expect(other.error?.message).toContain('the MCP endpoint is /mcp');
  });
});

describe('Host', () => {
  it('refuses a request that names two hosts, whichever of them a layer in front would read', async () => {
    const answer = await rawPost(endpoint.url, '/mcp', [`Host: 127.0.0.1:${port}`, 'Host: evil.example']);
    expect(answer.status).toBe(400);
    expect(answer.error?.message).toBe('Host: sent 2 times; a request names one host');
  });

  it('refuses a name that is not loopback (DNS rebinding) with a 403', async () => {
    const answer = await rawPost(endpoint.url, '/mcp', ['Host: evil.example']);
    expect(answer.status).toBe(403);
    expect(answer.error?.message).toMatch(/^Host: "evil\.example" is not a loopback name/);
  });
});

describe('Origin', () => {
  it('refuses a page of another loopback port: a dev server or any local app is another site', async () => {
    for (const origin of [
      `http://127.0.0.1:${port + 1}`,
      `http://localhost:${port + 1}`,
      'http://127.0.0.1',
    ]) {
      const answer = await rawPost(endpoint.url, '/mcp', [`Origin: ${origin}`]);
      expect(answer.status, origin).toBe(403);
      expect(answer.error?.message).toContain(`may not call this server (allowed: http://127.0.0.1:${port}`);
      expect(answer.error?.message).toContain('--allow-origin');
    }
  });

  it("takes the server's own pages, under its address or localhost, and an origin given with --allow-origin", async () => {
    for (const origin of [`http://127.0.0.1:${port}`, `http://localhost:${port}`, 'http://127.0.0.1:6274']) {
      expect((await rawPost(endpoint.url, '/mcp', [`Origin: ${origin}`])).status, origin).toBe(200);
    }
  });

  it('refuses a request a page of another site sent without Origin (Sec-Fetch-Site: cross-site)', async () => {
    const answer = await rawPost(endpoint.url, '/mcp', ['Sec-Fetch-Site: cross-site']);
    expect(answer.status).toBe(403);
    expect(answer.error?.message).toMatch(/^Sec-Fetch-Site: cross-site/);
  });
});

describe('the body', () => {
  it('refuses a body declared larger than --max-message-bytes with a 413 the client reads', async () => {
    const bytes = `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\ncontent-type: application/json\r\ncontent-length: 100000\r\n\r\n${'x'.repeat(20_000)}`;
    const answer = await sendRaw(port, { bytes });
    expect(answer.status).toBe(413);
    expect(answer.ended).toBe('answered');
    expect(JSON.parse(answer.body).error.message).toBe('body: larger than 4096 bytes (--max-message-bytes)');
  });

  it('refuses a body that does not arrive within --body-timeout-ms with a 408', async () => {
    const started = Date.now();
    const bytes = `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\ncontent-type: application/json\r\ncontent-length: ${initialize.length}\r\n\r\n${initialize.slice(0, 10)}`;
    const answer = await sendRaw(port, { bytes });
    expect(answer.status).toBe(408);
    expect(JSON.parse(answer.body).error.message).toBe(
      'body: not received within 300 ms (--body-timeout-ms)',
    );
    // A server that ignored the flag would wait its default (30 s): a third of that is far below it, and far above the
    // 300 ms asked even on a loaded machine.
    expect(Date.now() - started).toBeLessThan(defaultBodyTimeoutMs / 3);
  });

  it('refuses a body sent as text/plain (what any page can send unasked) with a 415', async () => {
    const form = await sendRaw(port, {
      bytes: `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\ncontent-type: text/plain\r\ncontent-length: ${initialize.length}\r\n\r\n${initialize}`,
    });
    expect(form.status).toBe(415);
    expect(JSON.parse(form.body).error.message).toMatch(/^Content-Type: must be application\/json/);
  });
});
