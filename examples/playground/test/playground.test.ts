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
import { instanceTypes, transactionCount } from './platformServer';

const distDir = fileURLToPath(new URL('../dist', import.meta.url));
const artifactsDir = fileURLToPath(new URL('../test-artifacts', import.meta.url));

/** Everything the page did that the last test checks: it must all stay empty. */
const problems = createPageProblems();
/** Every request the page made, as `METHOD url`. */
const requests: string[] = [];

async function openPage(
  context: BrowserContext,
  search: Record<string, string>,
  pageUrl: string,
): Promise<Page> {
  const page = await context.newPage();
  recordPageProblems(page, problems);
  page.on('request', (request) => requests.push(`${request.method()} ${request.url()}`));
  await page.goto(`${pageUrl}?${new URLSearchParams(search)}`);
  return page;
}

async function screenshot(target: Page | Locator, name: string) {
  await mkdir(artifactsDir, { recursive: true });
  const path = `${artifactsDir}/${name}.png`;
  await target.screenshot({ path, animations: 'disabled' });
  expect(existsSync(path)).toBe(true);
}

describe('the playground (dist/ in headless Chromium, on the mock and a paging platform server)', () => {
  let server: StaticServer | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext;
  let page: Page;
  const section = (name: string) => page.getByRole('region', { name });
  const tableRows = () => section('Instance types, cheapest first').locator('tbody tr[data-id]');

  beforeAll(async () => {
    if (!existsSync(`${distDir}/index.html`)) {
      throw new Error(
        'examples/playground/dist/index.html is missing: run `pnpm --filter @inference-infra/playground build` first.',
      );
    }
    server = await startStaticServer({ rootDir: distDir });
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    // Requests past loopback are aborted: a regression is reported by the last test, never sent anywhere.
    await blockRequestsPastLoopback(context, problems);
    page = await openPage(
      context,
      { baseUrl: inject('mockBaseUrl'), platformUrl: inject('platformUrl') },
      server.url,
    );
    await tableRows().first().waitFor();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('shows every instance type sorted by price, and narrows the table with each filter', async () => {
    const ids = async () => tableRows().evaluateAll((rows) => rows.map((row) => row.getAttribute('data-id')));
    const cheapestFirst = [...instanceTypes]
      .sort((a, b) => a.hourly_rate - b.hourly_rate)
      .map((type) => type.id);
    expect(await ids()).toEqual(cheapestFirst);

    const table = section('Instance types, cheapest first');
    await table.getByLabel('GPU type').selectOption('H100');
    await expect.poll(ids).toEqual(['it_h100_1x_euw1', 'it_h100_8x_euw1', 'it_h100_8x_use1']);
    await table.getByLabel('GPU count').selectOption('8');
    await expect.poll(ids).toEqual(['it_h100_8x_euw1', 'it_h100_8x_use1']);
    await table.getByLabel('Region').selectOption('us-east-1');
    await expect.poll(ids).toEqual(['it_h100_8x_use1']);
    await screenshot(table, 'playground-instance-types-filtered');
    expect(requests.filter((request) => request.includes('/instances/types?')).at(-1)).toMatch(
      /gpu_type=H100&region=us-east-1&gpu_count=8$/,
    );

    await table.getByLabel('Region').selectOption('eu-west-1');
    await expect.poll(ids).toEqual(['it_h100_8x_euw1']);
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
    const transactions = section('Billing transactions');
    const items = transactions.getByRole('listitem');
    await expect.poll(() => items.count()).toBe(5);
    const loadMore = transactions.getByRole('button', { name: 'Load more' });
    for (let shown = 5; shown < transactionCount; shown += 5) {
      await loadMore.click();
      await expect.poll(() => items.count()).toBe(Math.min(shown + 5, transactionCount));
    }
    await transactions.getByText('end of the list').waitFor();
    expect(await loadMore.count()).toBe(0);
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
    await expect.poll(() => resize.locator('output').textContent()).toMatch(/vol_01hx3k9q4m\) is now 500 GB/);
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
    const whole = 'A persistent volume is storage that outlives the instance it is attached to.';
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

  it('works against the mock alone, as `pnpm start` serves it (CORS preflights for the key and JSON bodies)', async () => {
    const mockPage = await openPage(
      context,
      { baseUrl: inject('mockBaseUrl'), platformUrl: inject('mockPlatformUrl') },
      server?.url ?? '',
    );
    const onMock = (name: string) => mockPage.getByRole('region', { name });
    await onMock('Instance types, cheapest first').locator('tbody tr[data-id]').first().waitFor();
    await onMock('Billing transactions').getByText('end of the list').waitFor();
    await onMock('Resize a volume').getByRole('button', { name: 'Resize' }).click();
    await onMock('Resize a volume').locator('output').waitFor();
    await onMock('Chat, streamed').getByRole('button', { name: 'Send' }).click();
    await onMock('Chat, streamed').locator('[data-status="success"]').waitFor();
    expect(requests).toContain(`PATCH ${inject('mockPlatformUrl')}/api/v1/storage/vol_01hx3k9q4m`);
    await mockPage.close();
  });

  it('made no request past 127.0.0.1, had no failed request and logged no console error', () => {
    expect([...problems.requestsPastLoopback]).toEqual([]);
    expect(problems.failedRequests).toEqual([]);
    expect(problems.consoleErrors).toEqual([]);
  });
});
