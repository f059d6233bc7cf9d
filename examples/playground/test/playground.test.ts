import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { launchChromium } from '@inference-infra/test-kit/browser';
import {
  blockRequestsPastLoopback,
  createPageProblems,
  recordPageProblems,
} from '@inference-infra/test-kit/pageProblems';
import { type StaticServer, startStaticServer } from '@inference-infra/test-kit/staticServer';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPlaygroundRoute } from '../scripts/playgroundRoute.js';

const distDir = fileURLToPath(new URL('../dist', import.meta.url));
/** The pricing page's server half, as `pnpm build` makes it (vite's SSR output), which `pnpm start` serves. */
const pricingRenderer = new URL('../dist-server/renderPricingPage.js', import.meta.url).href;
const artifactsDir = fileURLToPath(new URL('../test-artifacts', import.meta.url));

/** The key the page's own server holds and adds to what the page sends (the fetch client's `createApiRoute`). */
const pageKey = 'ii_live_mock';

/** Asks the simulator directly, as the page's key, to know what the page must show. */
async function askSimulator(path: string, init: RequestInit = {}) {
  const base = path.startsWith('/api/')
    ? inject('mockPlatformUrl')
    : inject('mockBaseUrl').replace(/\/v1$/, '');
  const response = await fetch(`${base}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${pageKey}`, 'content-type': 'application/json' },
  });
  return (await response.json()) as { data: Array<Record<string, unknown>>; meta?: Record<string, unknown> };
}

/** Everything the page did that the last test checks: it must all stay empty. */
const problems = createPageProblems();
/** Every request the page made, as `METHOD url`. */
const requests: string[] = [];

/** Every Authorization header the page sent: there must be none, the page's server holds the key. */
const authorizationSent: string[] = [];

async function openPage(
  context: BrowserContext,
  pageUrl: string,
  onDocument: (html: string) => void = () => undefined,
): Promise<Page> {
  const page = await context.newPage();
  recordPageProblems(page, problems);
  page.on('request', (request) => {
    requests.push(`${request.method()} ${request.url()}`);
    const authorization = request.headers().authorization;
    if (authorization !== undefined) authorizationSent.push(`${request.url()}: ${authorization}`);
  });
  const document = await page.goto(pageUrl);
  onDocument((await document?.text()) ?? '');
  return page;
}

async function screenshot(target: Page | Locator, name: string) {
  await mkdir(artifactsDir, { recursive: true });
  const path = `${artifactsDir}/${name}.png`;
  await target.screenshot({ path, animations: 'disabled' });
  expect(existsSync(path)).toBe(true);
}

describe('the playground (dist/ in headless Chromium, on the simulator)', () => {
  let server: StaticServer | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext;
  let page: Page;
  const section = (name: string) => page.getByRole('region', { name });
  const tableRows = () => section('Instance types, cheapest first').locator('tbody tr[data-id]');

  beforeAll(async () => {
    if (!existsSync(`${distDir}/index.html`) || !existsSync(new URL(pricingRenderer))) {
      throw new Error(
        'examples/playground/dist or dist-server is missing: run `pnpm --filter @inference-infra/playground build` first.',
      );
    }
    const { renderPricingPage } = (await import(
      pricingRenderer
    )) as typeof import('../src/pricing/renderPricingPage.js');
    const api = { baseUrl: inject('mockBaseUrl'), platformUrl: inject('mockPlatformUrl'), apiKey: pageKey };
    // As `pnpm start` serves it: the built pages, the server-rendered pricing page, and the API route that adds the
    // key on the way to the simulator.
    server = await startStaticServer({
      rootDir: distDir,
      route: createPlaygroundRoute({ distDir, api, render: () => renderPricingPage(api) }),
    });
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    // Requests past loopback are aborted: a regression is reported by the last test, never sent anywhere.
    await blockRequestsPastLoopback(context, problems);
    page = await openPage(context, server.url);
    await tableRows().first().waitFor();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('shows every instance type sorted by price, and narrows the table with each filter', async () => {
    const ids = async () => tableRows().evaluateAll((rows) => rows.map((row) => row.getAttribute('data-id')));
    const cheapestFirst = (await askSimulator('/api/v1/instances/types')).data.map((type) => type.id);
    expect(cheapestFirst.length).toBeGreaterThan(20);
    expect(await ids()).toEqual(cheapestFirst);

    const table = section('Instance types, cheapest first');
    // The filter choices are the catalogue's own values.
    const gpuChoices = await table.getByLabel('GPU type').locator('option').allTextContents();
    expect(gpuChoices).toEqual(['any', 'A100', 'A10G', 'H100', 'L40S']);
    await table.getByLabel('GPU type').selectOption('H100');
    const h100 = (await askSimulator('/api/v1/instances/types?gpu_type=H100')).data.map((type) => type.id);
    expect(h100).toHaveLength(8);
    await expect.poll(ids).toEqual(h100);
    await table.getByLabel('GPU count').selectOption('8');
    await expect.poll(ids).toEqual(['it_h100_8x_use1', 'it_h100_8x_euw1']);
    await table.getByLabel('Region').selectOption('us-east-1');
    await expect.poll(ids).toEqual(['it_h100_8x_use1']);
    await screenshot(table, 'playground-instance-types-filtered');
    expect(requests.filter((request) => request.includes('/instances/types?')).at(-1)).toMatch(
      /gpu_type=H100&region=us-east-1&gpu_count=8$/,
    );

    await table.getByLabel('Region').selectOption('eu-west-1');
    await expect.poll(ids).toEqual(['it_h100_8x_euw1']);
    // The simulator offers A10G in 1, 2 and 4 GPUs only.
    await table.getByLabel('GPU type').selectOption('A10G');
    await expect
      .poll(() => table.getByText('No instance type matches these filters.').isVisible())
      .toBe(true);
    for (const filter of ['GPU type', 'GPU count', 'Region']) {
      await table.getByLabel(filter).selectOption('');
      await table.locator('table[aria-busy="false"]').waitFor();
    }
    await expect.poll(ids).toEqual(cheapestFirst);
  });

  it('loads more transactions, page by page, to the end of the list', async () => {
    const total = (await askSimulator('/api/v1/billing/transactions?limit=1')).meta?.total as number;
    expect(total).toBe(317);
    const transactions = section('Billing transactions');
    const items = transactions.getByRole('listitem');
    await expect.poll(() => items.count()).toBe(25);
    const loadMore = transactions.getByRole('button', { name: 'Load more' });
    for (let shown = 25; shown < total; shown += 25) {
      await loadMore.click();
      await expect.poll(() => items.count()).toBe(Math.min(shown + 25, total));
    }
    await transactions.getByText('end of the list').waitFor();
    expect(await loadMore.count()).toBe(0);
    const offsets = requests
      .filter((request) => request.includes('/billing/transactions?'))
      .map((request) => new URL(request.split(' ')[1] ?? '').searchParams.get('offset'));
    expect(offsets).toEqual(Array.from({ length: 13 }, (_, page) => String(page * 25)));
    await screenshot(transactions, 'playground-transactions');
  });

  it('refuses a 9 GB resize with the spec message before sending anything, then resizes to 500 GB', async () => {
    const resize = section('Resize a volume');
    const patches = () => requests.filter((request) => request.startsWith('PATCH ')).length;
    await resize.getByLabel('New size (GB)').fill('9');
    await resize.getByRole('button', { name: 'Resize' }).click();
    await expect
      .poll(() => resize.getByRole('alert').textContent())
      .toContain('size_gb: must be at least 10 (got 9)');
    expect(patches()).toBe(0);
    await screenshot(resize, 'playground-resize-refused');

    await resize.getByLabel('New size (GB)').fill('500');
    await resize.getByRole('button', { name: 'Resize' }).click();
    await expect.poll(() => resize.locator('output').textContent()).toMatch(/vol_training\) is now 500 GB/);
    expect(await resize.getByRole('alert').count()).toBe(0);
    expect(patches()).toBe(1);
    await screenshot(resize, 'playground-resize-done');
  });

  it('streams a chat reply into the page, delta by delta', async () => {
    const chat = section('Chat, streamed');
    const answer = chat.getByLabel('Answer');
    // Records every text the answer shows, so the test sees the partial answers, not only the last one.
    await answer.evaluate((element) => {
      const seen: string[] = [];
      (window as unknown as { answersSeen: string[] }).answersSeen = seen;
      new MutationObserver(() => seen.push(element.textContent ?? '')).observe(element, {
        childList: true,
        characterData: true,
        subtree: true,
      });
    });
    await chat.getByRole('button', { name: 'Send' }).click();
    await chat.locator('[data-status="success"]').waitFor();
    // The simulator's reply depends on the conversation alone: asked whole, it is what the stream must add up to.
    const prompt = await chat.getByRole('textbox').inputValue();
    const reply = (await askSimulator('/v1/chat/completions', {
      method: 'POST',
      body: JSON.stringify({ model: 'llama-3.1-8b-instruct', messages: [{ role: 'user', content: prompt }] }),
    })) as unknown as { choices: Array<{ message: { content: string } }> };
    const whole = reply.choices[0]?.message.content ?? '';
    expect(whole).toMatch(/^Simulated reply to "/);
    expect(await answer.textContent()).toBe(whole);
    const seen = await page.evaluate(() => (window as unknown as { answersSeen: string[] }).answersSeen);
    expect(seen.filter((text) => text.length > 0 && text !== whole).length).toBeGreaterThan(0);
    for (const text of seen) expect(whole.startsWith(text)).toBe(true);
    expect(await chat.locator('.status').textContent()).toBe('Done (stop)');
    await screenshot(chat, 'playground-chat');
  });

  it('generates an image and shows it inline', async () => {
    const images = section('Generate an image');
    await images.getByRole('button', { name: 'Generate' }).click();
    const image = images.getByRole('img');
    await image.waitFor();
    expect(await image.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(await image.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'playground');
    await page.screenshot({ path: `${artifactsDir}/playground-full.png`, fullPage: true });
  });

  it('remembers the resize: a new page sees 500 GB taken, so 500 again is a 409 and 600 succeeds', async () => {
    const again = await openPage(context, server?.url ?? '');
    const resize = again.getByRole('region', { name: 'Resize a volume' });
    await resize.getByLabel('New size (GB)').fill('500');
    await resize.getByRole('button', { name: 'Resize' }).click();
    await expect.poll(() => resize.getByRole('alert').textContent()).toMatch(/^409: .*500/);
    await screenshot(resize, 'playground-resize-conflict');
    await resize.getByLabel('New size (GB)').fill('600');
    await resize.getByRole('button', { name: 'Resize' }).click();
    await expect.poll(() => resize.locator('output').textContent()).toMatch(/vol_training\) is now 600 GB/);
    expect(await resize.getByRole('alert').count()).toBe(0);
    await again.close();
  });

  it('server-renders the pricing page with the key on the server, and hydrates it without asking again', async () => {
    const h100 = (await askSimulator('/api/v1/instances/types?gpu_type=H100')).data.map((type) => type.id);
    let html = '';
    const requestsBefore = requests.length;
    const pricing = await openPage(context, `${server?.url}pricing`, (text) => {
      html = text;
    });
    // The HTML as the server sent it already lists the prices, with the cache they came from, and no key.
    for (const id of h100) expect(html).toContain(`data-id="${id}"`);
    expect(html).toMatch(
      /<script id="dehydrated-state" type="application\/json">\{"mutations":\[\],"queries":\[/,
    );
    expect(html).not.toContain(pageKey);
    const list = pricing.getByRole('region', { name: 'H100 instance types, cheapest first' });
    const ids = () =>
      list.locator('li[data-id]').evaluateAll((items) => items.map((item) => item.getAttribute('data-id')));
    expect(await ids()).toEqual(h100);
    await pricing.waitForLoadState('networkidle');
    const askedForTypes = () =>
      requests.slice(requestsBefore).filter((request) => request.includes('/instances/types'));
    // Hydrated from the sent cache: the browser did not fetch the list again.
    expect(askedForTypes()).toEqual([]);
    await screenshot(pricing, 'playground-pricing-server-rendered');

    // And it is live: "Refresh" (a handler only hydration attaches) asks through the keyless API route.
    const updatedAt = await list.locator('[data-updated-at]').getAttribute('data-updated-at');
    await list.getByRole('button', { name: 'Refresh' }).click();
    await expect.poll(askedForTypes).toEqual([`GET ${server?.url}api/v1/instances/types?gpu_type=H100`]);
    await expect
      .poll(() => list.locator('[data-updated-at]').getAttribute('data-updated-at'))
      .not.toBe(updatedAt);
    expect(await ids()).toEqual(h100);
    await pricing.close();
  });

  it('made no request past 127.0.0.1, sent no key, had no failed request or console error but the 409 asked for', () => {
    expect([...problems.requestsPastLoopback]).toEqual([]);
    expect(requests.length).toBeGreaterThan(20);
    expect(authorizationSent).toEqual([]);
    // The one refusal asked for: the second 500 GB resize.
    expect(problems.failedRequests).toEqual([`${server?.url}api/v1/storage/vol_training: HTTP 409`]);
    // Chromium logs every failed status; the 409 above is the only one.
    expect(problems.consoleErrors).toEqual([
      'Failed to load resource: the server responded with a status of 409 (Conflict)',
    ]);
  });
});
