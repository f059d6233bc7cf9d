import { existsSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import { type MockServer, startMockServer } from '@inference-infra/mock-server';
import { type StaticServer, startStaticServer } from '@inference-infra/test-kit/staticServer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlaygroundRoute } from '../scripts/playgroundRoute.js';

const distDir = fileURLToPath(new URL('../dist', import.meta.url));
/** The pricing page's server half as `pnpm build` makes it, which `pnpm start` serves. */
const pricingRenderer = new URL('../dist-server/renderPricingPage.js', import.meta.url).href;
const apiKey = 'ii_live_4f9c2b7e1d8a6035c7e2';

/** Nothing but loopback: a server that takes connections and never says a word, counting them. */
async function silentUpstream() {
  const sockets = new Set<Socket>();
  let closed = 0;
  const server: Server = createServer(() => undefined);
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => {
      closed += 1;
      sockets.delete(socket);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    open: () => sockets.size,
    closed: () => closed,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

describe('the server-rendered pricing page', () => {
  let echoing: MockServer;
  let silent: Awaited<ReturnType<typeof silentUpstream>>;
  let playground: StaticServer;
  let stalled: StaticServer;
  let renders = 0;

  beforeAll(async () => {
    if (!existsSync(`${distDir}/index.html`) || !existsSync(new URL(pricingRenderer))) {
      throw new Error(
        'examples/playground is not built: run `pnpm --filter @inference-infra/playground build`',
      );
    }
    const { renderPricingPage } = (await import(
      pricingRenderer
    )) as typeof import('../src/pricing/renderPricingPage.js');
    // An upstream that echoes the key it was sent into every instance type it lists.
    echoing = await startMockServer({
      keys: [apiKey],
      intercept: (next) => (request) => {
        const answer = next(request);
        if (request.operationId !== 'listInstanceTypes' || answer.status !== 200) return answer;
        const list = answer.json as { data: Array<{ id: string }> };
        const echoed = request.headers.authorization ?? '';
        return {
          ...answer,
          json: { ...list, data: list.data.map((type) => ({ ...type, id: `${type.id} ${echoed}` })) },
        };
      },
    });
    silent = await silentUpstream();
    const serve = (
      api: { baseUrl: string; platformUrl: string; apiKey: string },
      renderTimeoutMs?: number,
    ) => {
      const route = createPlaygroundRoute({
        distDir,
        api,
        render: (options) => {
          renders += 1;
          return renderPricingPage(api, options);
        },
        ...(renderTimeoutMs === undefined ? {} : { renderTimeoutMs }),
      });
      return startStaticServer({ rootDir: distDir, route: (req, res: ServerResponse) => route(req, res) });
    };
    playground = await serve({ baseUrl: echoing.baseUrl, platformUrl: echoing.platformUrl, apiKey });
    stalled = await serve({ baseUrl: `${silent.url}/v1`, platformUrl: silent.url, apiKey }, 500);
  });

  afterAll(async () => {
    await Promise.all([playground?.close(), stalled?.close(), echoing?.close(), silent?.close()]);
  });

  it('renders for the visitor, and never shows the key an upstream echoed', async () => {
    const answer = await fetch(`${playground.url}pricing`, { headers: { 'sec-fetch-site': 'none' } });
    expect(answer.status).toBe(200);
    const page = await answer.text();
    // The echoed list was rendered (so the redaction had something to do), and the key is nowhere in it.
    expect(page).toContain('Bearer [redacted]');
    expect(page).not.toContain(apiKey);
    expect(page).not.toContain(apiKey.slice('ii_live_'.length, 'ii_live_'.length + 12));
  });

  it('refuses a page of another site (an <img>, a form, a fetch) before spending an upstream call', async () => {
    const before = renders;
    for (const headers of <Record<string, string>[]>[
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { origin: 'http://evil.example', 'sec-fetch-site': 'cross-site' },
      { origin: 'http://localhost:5173' },
    ]) {
      const answer = await fetch(`${playground.url}pricing`, { headers });
      expect(answer.status, JSON.stringify(headers)).toBe(403);
      expect((await answer.json()).error.code).toBe('origin_not_allowed');
    }
    expect(renders).toBe(before);
    const own = await fetch(`${playground.url}pricing`, {
      headers: { origin: playground.url.replace(/\/$/, ''), 'sec-fetch-site': 'same-origin' },
    });
    expect(own.status).toBe(200);
  });

  it('answers a 504 page within its deadline when the upstream stays silent, and lets go of the upstream', async () => {
    const started = Date.now();
    const answer = await fetch(`${stalled.url}pricing`);
    expect(answer.status).toBe(504);
    expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await answer.text()).toContain('did not answer within 0.5 s');
    expect(Date.now() - started).toBeLessThan(5_000);
    // The deadline reached the upstream call: its connection is closed, not left waiting.
    await expect.poll(() => silent.open()).toBe(0);
    expect(silent.closed()).toBeGreaterThan(0);
  });
});
