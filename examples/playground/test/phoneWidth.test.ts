import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { type MockServer, startMockServer } from '@inference-infra/mock-server';
import { launchChromium } from '@inference-infra/test-kit/browser';
import {
  blockRequestsPastLoopback,
  createPageProblems,
  recordPageProblems,
} from '@inference-infra/test-kit/pageProblems';
import { type StaticServer, startStaticServer } from '@inference-infra/test-kit/staticServer';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlaygroundRoute } from '../scripts/playgroundRoute.js';

const distDir = fileURLToPath(new URL('../dist', import.meta.url));
const pricingRenderer = new URL('../dist-server/renderPricingPage.js', import.meta.url).href;
const artifactsDir = fileURLToPath(new URL('../test-artifacts', import.meta.url));

/** A phone in portrait, as Chromium's device list has the iPhone 12 to 15: the width the page must fit. */
const phone = { width: 390, height: 844 };

/**
 * What does not fit the phone's width: the document wider than the screen, any element whose box ends past its
 * right edge, and any element whose text is cut by its own box (wider content than room, and not scrolling). The
 * table's own scroller is the one place meant to be wider inside; form controls scroll their text by nature.
 */
function overflowOf(page: Page) {
  return page.evaluate(() => {
    const root = document.documentElement;
    const problems: string[] = [];
    if (root.scrollWidth > root.clientWidth)
      problems.push(`document ${root.scrollWidth} > ${root.clientWidth}`);
    const name = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.className ? `.${element.className}` : ''} "${(element.textContent ?? '').trim().slice(0, 40)}"`;
    for (const element of document.body.querySelectorAll('*')) {
      if (element.closest('.table-scroll') && !element.classList.contains('table-scroll')) continue;
      if (element.matches('input, select, textarea, option, script, style')) continue;
      const box = element.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      if (box.right > root.clientWidth + 0.5)
        problems.push(`${name(element)} ends at ${Math.round(box.right)}`);
      const style = getComputedStyle(element);
      const scrolls = style.overflowX === 'auto' || style.overflowX === 'scroll';
      if (!scrolls && element.scrollWidth > element.clientWidth + 1 && element.clientWidth > 0)
        problems.push(`${name(element)} cut: ${element.scrollWidth} in ${element.clientWidth}`);
    }
    return problems;
  });
}

/** Visible, inside the screen's width, and ready for a finger: what "usable on a phone" asks of a control. */
async function expectTappable(control: Locator) {
  await control.scrollIntoViewIfNeeded();
  const box = await control.boundingBox();
  expect(box, 'the control has a box').not.toBeNull();
  if (!box) return;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(phone.width);
  // Playwright's own checks before a click: attached, visible, stable, enabled, and not covered by another element.
  await control.click({ trial: true });
}

describe('the playground on a phone, 390 px wide (dist/ in headless Chromium, on the simulator)', () => {
  let mock: MockServer;
  let server: StaticServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const problems = createPageProblems();
  const section = (name: string) => page.getByRole('region', { name });

  beforeAll(async () => {
    // A simulator of this file's own: the resize here never meets the other browser test's.
    mock = await startMockServer({ streamEventIntervalMs: 0 });
    const { renderPricingPage } = (await import(
      pricingRenderer
    )) as typeof import('../src/pricing/renderPricingPage.js');
    const api = { baseUrl: mock.baseUrl, platformUrl: mock.platformUrl, apiKey: 'ii_live_mock' };
    server = await startStaticServer({
      rootDir: distDir,
      route: createPlaygroundRoute({ distDir, api, render: () => renderPricingPage(api) }),
    });
    browser = await launchChromium();
    // isMobile: Chromium lays the page out as a phone does, honouring the page's viewport meta tag.
    context = await browser.newContext({ viewport: phone, isMobile: true, hasTouch: true });
    await blockRequestsPastLoopback(context, problems);
    page = await context.newPage();
    recordPageProblems(page, problems);
    await page.goto(server.url);
    await section('Instance types, cheapest first').locator('tbody tr[data-id]').first().waitFor();
    await section('Billing transactions').getByRole('listitem').first().waitFor();
    await mkdir(artifactsDir, { recursive: true });
  });

  afterAll(async () => {
    await browser?.close();
    await Promise.all([server?.close(), mock?.close()]);
  });

  it('fits the screen: no sideways scroll of the page, nothing past its edge, no text cut', async () => {
    expect(await overflowOf(page)).toEqual([]);
    await page.screenshot({ path: `${artifactsDir}/playground-390.png`, fullPage: true });
    await section('Billing transactions').screenshot({
      path: `${artifactsDir}/playground-390-transactions.png`,
    });
  });

  it('scrolls the wide table inside its own box, the price in view, and filters it', async () => {
    const table = section('Instance types, cheapest first');
    const scroller = table.locator('.table-scroll');
    const widths = await scroller.evaluate((element) => ({
      inner: element.scrollWidth,
      shown: element.clientWidth,
    }));
    expect(widths.inner).toBeGreaterThan(widths.shown);
    await expectTappable(table.getByRole('columnheader', { name: 'Per hour' }));
    for (const filter of ['GPU type', 'Region', 'GPU count']) await expectTappable(table.getByLabel(filter));
    const ids = () =>
      table
        .locator('tbody tr[data-id]')
        .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-id')));
    // Each filter's answer is awaited before the next: a query left behind is aborted, a failed request to Chromium.
    const h100 = await fetch(`${mock.platformUrl}/api/v1/instances/types?gpu_type=H100`, {
      headers: { authorization: 'Bearer ii_live_mock' },
    }).then(async (answer) =>
      ((await answer.json()) as { data: Array<{ id: string }> }).data.map((type) => type.id),
    );
    expect(h100).toHaveLength(8);
    await table.getByLabel('GPU type').selectOption('H100');
    await expect.poll(ids).toEqual(h100);
    await table.getByLabel('GPU count').selectOption('8');
    await expect.poll(ids).toEqual(['it_h100_8x_use1', 'it_h100_8x_euw1']);
    await table.getByLabel('GPU type').selectOption('A10G');
    await expect
      .poll(() => table.getByText('No instance type matches these filters.').isVisible())
      .toBe(true);
    expect(await overflowOf(page)).toEqual([]);
    await table.screenshot({ path: `${artifactsDir}/playground-390-instance-types.png` });
  });

  it('pages the billing transactions with "Load more", each line whole', async () => {
    const transactions = section('Billing transactions');
    const items = transactions.getByRole('listitem');
    expect(await items.count()).toBe(25);
    const loadMore = transactions.getByRole('button', { name: 'Load more' });
    await expectTappable(loadMore);
    await loadMore.click();
    await expect.poll(() => items.count()).toBe(50);
    await expectTappable(loadMore);
    // Description, date and amount of a line all in view, the amount not pushed out by a long description.
    for (const line of [items.first(), items.nth(49)]) {
      for (const part of await line.locator(':scope > *').all()) expect(await part.isVisible()).toBe(true);
    }
    expect(await overflowOf(page)).toEqual([]);
  });

  it('resizes a volume from the phone', async () => {
    const resize = section('Resize a volume');
    await expectTappable(resize.getByLabel('Volume id'));
    await expectTappable(resize.getByLabel('New size (GB)'));
    await resize.getByLabel('New size (GB)').fill('500');
    const button = resize.getByRole('button', { name: 'Resize' });
    await expectTappable(button);
    await button.click();
    await expect.poll(() => resize.locator('output').textContent()).toMatch(/vol_training\) is now 500 GB/);
    expect(await overflowOf(page)).toEqual([]);
  });

  it('streams a chat reply that wraps within the screen', async () => {
    const chat = section('Chat, streamed');
    await expectTappable(chat.getByRole('textbox'));
    const send = chat.getByRole('button', { name: 'Send' });
    await expectTappable(send);
    await send.click();
    await chat.locator('[data-status="success"]').waitFor();
    expect(await chat.getByLabel('Answer').textContent()).toMatch(/^Simulated reply to "/);
    expect(await overflowOf(page)).toEqual([]);
    await chat.screenshot({ path: `${artifactsDir}/playground-390-chat.png` });
  });

  it('shows the server-rendered pricing page within the screen, its Refresh in reach', async () => {
    const pricing = await context.newPage();
    recordPageProblems(pricing, problems);
    await pricing.goto(`${server.url}pricing`);
    const list = pricing.getByRole('region', { name: 'H100 instance types, cheapest first' });
    await list.locator('li[data-id]').first().waitFor();
    expect(await overflowOf(pricing)).toEqual([]);
    await expectTappable(list.getByRole('button', { name: 'Refresh' }));
    await pricing.screenshot({ path: `${artifactsDir}/playground-390-pricing.png`, fullPage: true });
    await pricing.close();
  });

  it('made no request past 127.0.0.1, and no request failed or logged an error', () => {
    expect([...problems.requestsPastLoopback]).toEqual([]);
    expect(problems.failedRequests).toEqual([]);
    expect(problems.consoleErrors).toEqual([]);
  });
});
