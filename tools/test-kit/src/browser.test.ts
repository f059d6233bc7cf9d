import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserServer } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { launchChromium, launchChromiumServer, sharedChromiumVariable } from './browser.js';

/** A page to load: its title names the request's path, so each client sees its own answer. */
const site = createServer((request, response) => {
  response.setHeader('content-type', 'text/html');
  response.end(`<title>${request.url?.slice(1)}</title>`);
});
let origin = '';
let server: BrowserServer;
const before = process.env[sharedChromiumVariable];

beforeAll(async () => {
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  server = await launchChromiumServer();
}, 60_000);
afterAll(async () => {
  await server?.close();
  site.close();
});
afterEach(() => {
  if (before === undefined) delete process.env[sharedChromiumVariable];
  else process.env[sharedChromiumVariable] = before;
  vi.restoreAllMocks();
});

describe('the shared Chromium', () => {
  it('listens on loopback only', () => {
    expect(new URL(server.wsEndpoint()).hostname).toBe('127.0.0.1');
  });

  it('serves clients one after another and at once: closing one leaves the browser to the others', async () => {
    process.env[sharedChromiumVariable] = server.wsEndpoint();
    const [first, second] = await Promise.all([launchChromium(), launchChromium()]);
    const [a, b] = await Promise.all([first.newPage(), second.newPage()]);
    await Promise.all([a.goto(`${origin}/first`), b.goto(`${origin}/second`)]);
    expect([await a.title(), await b.title()]).toEqual(['first', 'second']);
    // A connected client sees its own contexts only, and its close takes them with it.
    expect(first.contexts()).toHaveLength(1);
    await first.close();
    expect(await b.title()).toBe('second');
    const third = await launchChromium();
    const page = await third.newPage();
    await page.goto(`${origin}/third`);
    expect(await page.title()).toBe('third');
    await Promise.all([second.close(), third.close()]);
  }, 60_000);

  it("is replaced by a browser of the caller's own, said once, when its address does not answer", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    process.env[sharedChromiumVariable] = `ws://127.0.0.1:${port}/gone`;
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      await page.goto(`${origin}/own`);
      expect(await page.title()).toBe('own');
    } finally {
      await browser.close();
    }
    const said = stderr.mock.calls.map(([text]) => String(text)).join('');
    expect(said).toContain(sharedChromiumVariable);
    expect(said).toContain('starting one of this process');
  }, 60_000);
});
