import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callUpstream } from './callUpstream.js';
import { createRedactor } from './redactor.js';
import { isRefusal } from './refusal.js';

const key = 'ii_live_callUpstreamSecret42';
let server: Server;
let base: string;
const hits: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    hits.push(req.url ?? '');
    if (req.url === '/redirect') {
      res.writeHead(307, { location: `http://127.0.0.1:1/steal?k=${key}` });
      return res.end();
    }
    if (req.url === '/silent') return;
    if (req.url === '/slow-body') {
      res.writeHead(200);
      res.write('first');
      setTimeout(() => res.end('last'), 1_500);
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"ok":true}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

// A deadline well past what a loaded machine takes to answer headers, and shorter than the slow body's delay.
const call = { fetch, timeoutMs: 1_000, timeoutOption: 'upstreamTimeoutMs', redactor: createRedactor(key) };

describe('callUpstream', () => {
  it('passes an answer on', async () => {
    const answer = await callUpstream(`${base}/ok`, {}, call);
    expect(isRefusal(answer)).toBe(false);
    expect(await (answer as Response).json()).toEqual({ ok: true });
  });

  it('never follows a redirect: a 502 naming it, with the key redacted from the Location', async () => {
    hits.length = 0;
    const answer = await callUpstream(`${base}/redirect`, { method: 'POST', body: 'secret' }, call);
    expect(answer).toMatchObject({ status: 502, code: 'upstream_redirected' });
    expect(JSON.stringify(answer)).not.toContain('callUpstreamSecret');
    expect(hits).toEqual(['/redirect']);
  });

  it('answers 504 naming the option when the headers are late, and times only the headers', async () => {
    expect(await callUpstream(`${base}/silent`, {}, call)).toMatchObject({
      status: 504,
      message: expect.stringContaining('upstreamTimeoutMs'),
    });
    const slowBody = await callUpstream(`${base}/slow-body`, {}, call);
    expect(await (slowBody as Response).text()).toBe('firstlast');
  });

  it('answers 502 for an upstream that cannot be reached, and 499 when the caller went away', async () => {
    expect(await callUpstream('http://127.0.0.1:1/x', {}, call)).toMatchObject({
      status: 502,
      code: 'upstream_unreachable',
    });
    const gone = AbortSignal.abort();
    expect(await callUpstream(`${base}/ok`, { signal: gone }, call)).toMatchObject({ status: 499 });
  });
});
