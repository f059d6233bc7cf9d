import { mkdtemp, writeFile } from 'node:fs/promises';
import { get, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type MockServer, startMockServer } from '@inference-infra/mock-server';
import { launchChromium } from '@inference-infra/test-kit/browser';
import { type StaticServer, startStaticServer } from '@inference-infra/test-kit/staticServer';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlaygroundRoute } from '../scripts/playgroundRoute.js';

const distDir = fileURLToPath(new URL('../dist', import.meta.url));
const chat = JSON.stringify({
  model: 'llama-3.1-8b-instruct',
  messages: [{ role: 'user', content: 'spend' }],
});

/**
 * The playground's route as `pnpm start` serves it, with the key of a real app, against a simulator of this test's
 * own (so every request that reached it can be counted), and a page of another loopback origin that tries to spend
 * the key the two ways a page can: a `no-cors` text/plain POST (no preflight) and a CORS JSON POST.
 */
describe("the playground's API route, attacked from a page of another site (headless Chromium)", () => {
  let mock: MockServer;
  let playground: StaticServer;
  let other: StaticServer;
  let browser: Browser;
  const statuses: number[] = [];
  const reachedSimulator = () => mock.simulator?.state.requests.length ?? -1;

  beforeAll(async () => {
    mock = await startMockServer({ streamEventIntervalMs: 0 });
    const route = createPlaygroundRoute({
      distDir,
      api: { baseUrl: mock.baseUrl, platformUrl: mock.platformUrl, apiKey: 'ii_live_mock' },
      render: () => Promise.reject(new Error('the pricing page is not part of this test')),
    });
    playground = await startStaticServer({
      rootDir: distDir,
      route: (request, response: ServerResponse) => {
        response.once('finish', () => statuses.push(response.statusCode));
        return route(request, response);
      },
    });
    const otherSite = await mkdtemp(join(tmpdir(), 'other-site-'));
    await writeFile(join(otherSite, 'index.html'), '<!doctype html><title>another site</title>');
    other = await startStaticServer({ rootDir: otherSite });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await Promise.all([playground?.close(), other?.close(), mock?.close()]);
  });

  it('spends nothing: the no-cors text/plain POST gets 403, the CORS JSON POST is refused at its preflight', async () => {
    const page = await browser.newPage();
    // localhost and 127.0.0.1 are different sites to the browser: the playground's page is on 127.0.0.1.
    await page.goto(`http://localhost:${other.port}/`);
    const target = `${playground.url}v1/chat/completions`;
    const outcomes = await page.evaluate(
      async ({ target, chat }) => {
        const noCors = await fetch(target, {
          method: 'POST',
          mode: 'no-cors',
          headers: { 'content-type': 'text/plain' },
          body: chat,
        })
          .then((response) => `opaque ${response.type}`)
          .catch((error: Error) => `failed ${error.message}`);
        const cors = await fetch(target, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: chat,
        })
          .then((response) => `answered ${response.status}`)
          .catch((error: Error) => `failed ${error.name}`);
        return { noCors, cors };
      },
      { target, chat },
    );
    await page.close();
    expect(outcomes.noCors).toBe('opaque opaque');
    expect(outcomes.cors).toBe('failed TypeError');
    expect(statuses).toEqual([403, 403]);
    expect(reachedSimulator()).toBe(0);
  });

  it('spends and reads nothing for a page of the same site on another port: no-cors POST and GET both get 403', async () => {
    statuses.length = 0;
    const page = await browser.newPage();
    // 127.0.0.1 on another port: the same site as the playground's page, another origin (Sec-Fetch-Site: same-site).
    await page.goto(`http://127.0.0.1:${other.port}/`);
    const outcomes = await page.evaluate(
      async ({ origin, chat }) => {
        const post = await fetch(`${origin}v1/chat/completions`, {
          method: 'POST',
          mode: 'no-cors',
          headers: { 'content-type': 'text/plain' },
          body: chat,
        });
        // A no-cors GET carries no Origin: only Sec-Fetch-Site tells where it comes from.
        const read = await fetch(`${origin}api/v1/instances/types`, { mode: 'no-cors' });
        return [post.type, read.type];
      },
      { origin: playground.url, chat },
    );
    await page.close();
    expect(outcomes).toEqual(['opaque', 'opaque']);
    expect(statuses).toEqual([403, 403]);
    expect(reachedSimulator()).toBe(0);
  });

  it('refuses a foreign Host (DNS rebinding) and a text/plain body from its own page, and serves its own page', async () => {
    // fetch sets Host from the URL; node:http sends the one a rebinding site's page would carry.
    const rebound = await new Promise<number | undefined>((resolve, reject) => {
      const path = '/api/v1/instances/types';
      get({ host: '127.0.0.1', port: playground.port, path, headers: { host: 'evil.example' } }, (answer) => {
        answer.resume();
        resolve(answer.statusCode);
      }).on('error', reject);
    });
    expect(rebound).toBe(403);
    const page = await browser.newPage();
    // A page of the playground's own origin that runs no app (the app would ask the API itself).
    await page.goto(`${playground.url}no-such-page`);
    const own = await page.evaluate(async (target) => {
      const plain = await fetch(`${target}v1/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: '{}',
      });
      const types = await fetch(`${target}api/v1/instances/types`);
      return { plain: plain.status, types: types.status };
    }, playground.url);
    await page.close();
    expect(own).toEqual({ plain: 415, types: 200 });
    expect(reachedSimulator()).toBe(1);
  });
});
