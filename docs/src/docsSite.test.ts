import { existsSync, readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { launchChromium } from '@inference-infra/test-kit/browser';
import {
  blockRequestsPastLoopback,
  createPageProblems,
  recordPageProblems,
} from '@inference-infra/test-kit/pageProblems';
import { type StaticServer, startStaticServer } from '@inference-infra/test-kit/staticServer';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { assumptionNoteLead, assumptionNoteSummary } from './assumptionNotes.js';
import { guideAnchor, readGuides } from './guides/guides.js';
import { pointSiteAt } from './pointSiteAt.js';
import { codeSamplesOf } from './samples/codeSamples.js';
import { localMockDemoKey, readableTables } from './scalarPage.js';
import { type SpecOperation, specOperations } from './specOperations.js';
import { markdownTree, nodesOf, plainText, section, type Table, tableRows } from './test/markdownTree.js';
import { closeTryIt, openOperation, openTryIt, sendFromTryIt, storedByPage } from './test/referencePage.js';
import { unreadableTables } from './test/tableLayout.js';

const distDir = fileURLToPath(new URL('../dist', import.meta.url));
const artifactsDir = fileURLToPath(new URL('../test-artifacts', import.meta.url));
const mockBaseUrl = inject('mockBaseUrl');
const mockPlatformUrl = inject('mockPlatformUrl');
// A key of the mock's form that no other test uses, so finding it anywhere in the page's storage means it was kept.
const apiKey = `ii_live_docs_try_it_${process.pid}`;

/**
 * How long a sample or a page change may take to show: vitest's `expect.poll` gives up after 1 s, which a re-render
 * of the reference outran on a loaded CI machine.
 */
const shown = { timeout: 30_000 };
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Markdown as the page shows it in text: no backticks, one space between words. */
const shownText = (markdown: string) => markdown.replace(/`/g, '').replace(/\s+/g, ' ').trim();

function operationNamed(operations: SpecOperation[], operationId: string): SpecOperation {
  const operation = operations.find((candidate) => candidate.operationId === operationId);
  if (!operation) throw new Error(`The spec has no operation ${operationId}`);
  return operation;
}

describe('the API reference site (dist/ in headless Chromium, its servers pointed at the simulator)', () => {
  let server: StaticServer | undefined;
  let browser: Browser | undefined;
  let page: Page;
  let operations: SpecOperation[];
  // biome-ignore lint/suspicious/noExplicitAny: the built document, walked by path like the page's reader does
  let builtSpec: any;
  const problems = createPageProblems();
  const consoleWarnings: string[] = [];

  // One page load shared by the tests below, in order: Chromium takes many seconds to start on a small machine.
  beforeAll(async () => {
    if (!existsSync(`${distDir}/index.html`)) {
      throw new Error(
        'docs/dist/index.html is missing: run `pnpm --filter @inference-infra/docs build` first.',
      );
    }
    builtSpec = JSON.parse(readFileSync(`${distDir}/openapi.json`, 'utf8'));
    // As scripts/start.sh serves it for a mock on ports of its own: here the test's, free ones.
    const pointed = pointSiteAt(builtSpec, { base_url: mockBaseUrl, platform_url: mockPlatformUrl });
    operations = specOperations(pointed);
    const pointedSpec = JSON.stringify(pointed);
    server = await startStaticServer({
      rootDir: distDir,
      // The built page, as built; only the document it loads names the test's mock, in its servers and samples.
      route: async (request, response) => {
        if (request.url !== '/openapi.json') return false;
        response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(pointedSpec);
        return true;
      },
    });
    browser = await launchChromium();
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    // Requests past loopback are aborted: a regression is reported by the last test, never sent anywhere.
    await blockRequestsPastLoopback(context, problems);
    page = await context.newPage();
    // One action of this page (a click that re-renders the reference, a reload that refetches it) takes a second or
    // two on a quiet machine and has been seen past Playwright's 30 s with the suite loading both cores.
    page.setDefaultTimeout(60_000);
    page.setDefaultNavigationTimeout(90_000);
    recordPageProblems(page, problems);
    page.on('console', (message) => {
      if (message.type() === 'warning') consoleWarnings.push(message.text());
    });
    await page.goto(server.url, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: builtSpec.info.title }).waitFor({ state: 'visible' });
    // Chromium's start, the first load (90 s, as every navigation here) and the heading (60 s, as every action):
    // the suite's 60 s for a hook was overrun by the first two alone with both cores loaded.
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('opens every operation of the spec from the sidebar, each of its code samples showing the source the sample tests run', async () => {
    expect(operations.length).toBeGreaterThan(0);
    for (const operation of operations) {
      // So every sample shown below names the test's mock, not the usual ports.
      expect(operation.serverDefault).toBe(
        operation.serverVariable === 'base_url' ? mockBaseUrl : mockPlatformUrl,
      );
      const section = await openOperation(page, operation);
      const samples = codeSamplesOf(operation);
      // The picker is a button named after the sample on show (Scalar remembers the last one picked, by position).
      const picker = section.getByRole('button', {
        name: new RegExp(`^(${samples.map((sample) => escapeRegExp(sample.label)).join('|')})$`),
      });
      await picker.first().click();
      const options = page.getByRole('option');
      await options.first().waitFor({ state: 'visible' });
      expect(await options.allInnerTexts(), operation.operationId).toEqual(
        samples.map((sample) => sample.label),
      );
      await page.keyboard.press('Escape');
      // Each sample, picked in turn, shows exactly the source the sample tests run.
      for (const sample of samples) {
        await picker.first().click();
        await page.getByRole('option', { name: sample.label, exact: true }).click();
        await expect
          .poll(
            async () => (await section.locator('code').allInnerTexts()).map((text) => text.trimEnd()),
            shown,
          )
          .toContain(sample.source.trimEnd());
      }
    }
    await mkdir(artifactsDir, { recursive: true });
    await page.screenshot({ path: `${artifactsDir}/docs-site-operation.png` });
  }, 240_000);

  it('shows each operation as its Markdown page says: title, method, path, and each parameter, where it goes and whether required', async () => {
    for (const operation of operations) {
      const markdown = await (await fetch(`${server?.url}operations/${operation.operationId}.md`)).text();
      const tree = markdownTree(markdown);
      const [title, methodAndPath] = tree.children.map((node) => plainText(node));
      const [method, path] = (methodAndPath ?? '').split(' ');
      const htmlLink = nodesOf(tree, 'link').find((link) => link.url.startsWith('../index.html#'));
      const parameters = section(tree, 'Parameters').find((node) => node.type === 'table');
      const rows = parameters ? tableRows(parameters as Table) : [];

      const shown = await openOperation(page, operation);
      // Scalar ends the heading with a zero-width space (its anchor's).
      expect(
        ((await shown.getByRole('heading').first().textContent()) ?? '').replace(/\u200b/g, '').trim(),
      ).toBe(title);
      const id = (await shown.getAttribute('id')) ?? '';
      expect(id.endsWith(`/${method}${path}`), `${id} shows ${method} ${path}`).toBe(true);
      expect(id.endsWith(`/${htmlLink?.url.split('#')[1]}`), `${id} is what the page links to`).toBe(true);
      // Scalar names each parameter's element `<section id>.<in>.<name>`.
      const everyParameter = shown.locator(
        ['path', 'query', 'header', 'cookie'].map((place) => `[id^="${id}.${place}."]`).join(', '),
      );
      expect(await everyParameter.count(), operation.operationId).toBe(rows.length);
      for (const row of rows) {
        const name = shown.locator(`[id="${id}.${row.in}.${row.name}"]`);
        expect(await name.textContent()).toBe(row.name);
        // A filter's inner locator is searched for inside each candidate, so it names the element alone.
        const property = shown
          .locator('.property')
          .filter({ has: page.locator(`[id="${id}.${row.in}.${row.name}"]`) })
          .last();
        expect(await property.locator('.property-required').count(), row.name).toBe(
          row.required === 'yes' ? 1 : 0,
        );
      }
    }
  });

  it("shows the OpenAI-style compatibility table (a refused field's row included) and the MCP server's page", async () => {
    await page.getByRole('heading', { name: 'OpenAI-style clients' }).waitFor({ state: 'visible' });
    await page
      .getByRole('cell', { name: 'refused: the service calls no tools' })
      .waitFor({ state: 'visible' });
  });

  it("shows each operation's assumptions in one collapsed note at the end of its description, in words for readers", async () => {
    for (const operation of operations) {
      const built = builtSpec.paths[operation.path][operation.method.toLowerCase()];
      if (!String(built.description).includes('<details>')) continue;
      const section = await openOperation(page, operation);
      const notes = section.locator('details').filter({ hasText: assumptionNoteSummary });
      expect(await notes.count(), operation.operationId).toBe(1);
      const note = notes.first();
      // Closed until the reader opens it: the lead is not shown, the summary is.
      await note.locator('summary').waitFor({ state: 'visible' });
      expect(await note.evaluate((element) => (element as HTMLDetailsElement).open)).toBe(false);
      await note.locator('summary').click();
      await note.getByText(assumptionNoteLead).waitFor({ state: 'visible' });
      // Under the description: the description's first words come first in the section.
      const text = shownText((await section.textContent()) ?? '');
      const opening = shownText(built.description).slice(0, 40);
      expect(text.indexOf(opening), operation.operationId).toBeGreaterThanOrEqual(0);
      expect(text.indexOf(opening)).toBeLessThan(text.indexOf(assumptionNoteSummary));
      await note.locator('summary').click();
    }
    // The page's text as a reader sees it: no words of the spec's authors.
    const shown = (await page.locator('body').allInnerTexts()).join('\n');
    expect(shown.split('\n').filter((line) => /^\s*Assumed\b/.test(line))).toEqual([]);
    expect(shown).not.toMatch(/interface document|x-assumption|ASSUMPTIONS\.md|Toolkit assumption/i);
    expect(shown).not.toContain('[!NOTE]');
  });

  it('shows the streamed sample of the same kind when the stream example is picked, and the whole one back', async () => {
    const streamed = operations.find((operation) => operation.requests.some((request) => request.streamed));
    if (!streamed) throw new Error('the spec has no streamed operation');
    const section = await openOperation(page, streamed);
    const labels = codeSamplesOf(streamed).map((sample) => sample.label);
    const samplePicker = section.getByTestId('client-picker');
    const examplePicker = section.getByTestId('example-picker');
    await samplePicker.click();
    await page.getByRole('option', { name: 'fetch client', exact: true }).click();
    for (const [example, label] of [
      ['stream', 'fetch client (stream)'],
      ['whole', 'fetch client'],
    ] as const) {
      expect(labels).toContain(label);
      await examplePicker.click();
      await page.getByRole('option', { name: example, exact: true }).click();
      await expect.poll(async () => ((await samplePicker.textContent()) ?? '').trim(), shown).toBe(label);
      const source = codeSamplesOf(streamed).find((sample) => sample.label === label)?.source ?? '';
      await expect
        .poll(
          async () => (await section.locator('code').allInnerTexts()).map((text) => text.trimEnd()),
          shown,
        )
        .toContain(source.trimEnd());
    }
  }, 240_000);

  // One load of the home page for all eight guides, not one each: a load refetches and re-renders the whole
  // reference (seconds of CPU apiece), and the reference is one page whose top is the home page. Each guide's
  // address and its heading on screen after its click show that this click, not an earlier one, opened it.
  it('opens every guide in one click from the home page, its text and code shown', async () => {
    await page.goto(`${server?.url}`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: builtSpec.info.title }).waitFor({ state: 'visible' });
    for (const guide of readGuides()) {
      await page.evaluate(() => window.scrollTo(0, 0));
      const link = page
        .locator('.introduction-description, .markdown')
        .getByRole('link', { name: guide.title, exact: true });
      await link.first().click();
      const section = page.locator(`section[id$="/${guideAnchor(guide.title)}"]`);
      const heading = section.getByRole('heading', { name: guide.title });
      await heading.waitFor({ state: 'visible' });
      await expect.poll(() => new URL(page.url()).hash, shown).toBe(`#${guideAnchor(guide.title)}`);
      await expect
        .poll(
          () =>
            heading.first().evaluate((element) => {
              const box = element.getBoundingClientRect();
              return box.bottom > 0 && box.top < window.innerHeight;
            }),
          shown,
        )
        .toBe(true);
      const firstCode = nodesOf(markdownTree(guide.markdown), 'code')[0];
      if (firstCode) {
        await expect
          .poll(
            async () => (await section.locator('pre code').allInnerTexts()).map((code) => code.trimEnd()),
            shown,
          )
          .toContain(firstCode.value.trimEnd());
      }
    }
    await page.goto(`${server?.url}`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: builtSpec.info.title }).waitFor({ state: 'visible' });
  }, 240_000);

  it('clips nothing at 1280 and 390 px: code wraps, the page never scrolls sideways, only a table scrolls in its own box', async () => {
    // The desktop width comes back whatever happens here: the tests after this one click the sidebar, which a
    // phone's width hides.
    try {
      await clipsNothing();
    } finally {
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.evaluate(() => window.scrollTo(0, 0));
    }
  }, 480_000);

  async function clipsNothing() {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      // Scalar mounts a section only as it nears the screen: the page is scrolled through so every one is there.
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      for (let y = 0; y < height; y += 600) {
        await page.evaluate((top) => window.scrollTo(0, top), y);
        await page.waitForTimeout(50);
      }
      const clipped = await page.evaluate(() => {
        const found: string[] = [];
        let code = 0;
        for (const element of document.querySelectorAll(
          'pre, pre code, .markdown, .markdown *, .scalar-card *',
        )) {
          if (element.getClientRects().length === 0) continue;
          if (element.matches('pre code')) code += 1;
          if (element.scrollWidth <= element.clientWidth + 1) continue;
          const overflow = getComputedStyle(element).overflowX;
          // A table scrolls in a box of its own, with a scroll bar (tableLayout.ts checks it); the side panel's
          // clamped description has its own "More" button.
          if (element.tagName === 'TABLE' || element.closest('table')) continue;
          if (/line-clamp/.test(String(element.className))) continue;
          // Text for screen readers only, one pixel wide on purpose.
          if (element.closest('.sr-only, .screenreader-only')) continue;
          if (element.matches('pre, pre code') || overflow === 'hidden' || overflow === 'clip') {
            found.push(
              `${element.tagName.toLowerCase()} holds ${element.scrollWidth} px in ${element.clientWidth} px: "${(element.textContent ?? '').trim().slice(0, 40)}"`,
            );
          }
        }
        if (document.documentElement.scrollWidth > window.innerWidth + 1) {
          found.push(
            `the page is ${document.documentElement.scrollWidth} px wide in a ${window.innerWidth} px window`,
          );
        }
        return { found, code };
      });
      expect(clipped.found, `${width} px`).toEqual([]);
      expect(clipped.code, `${width} px: code blocks looked at`).toBeGreaterThan(20);
      await page.screenshot({ path: `${artifactsDir}/docs-site-${width}.png` });
    }
  }

  it('sends a platform request from the page to {platform_url}, and shows the answer', async () => {
    const operation = operationNamed(operations, 'listInstanceTypes');
    const dialog = await openTryIt(page, operation);
    const answer = page.waitForResponse((response) => response.url().startsWith(mockPlatformUrl));
    await sendFromTryIt(page, dialog, { apiKey });
    const response = await answer;
    expect(response.status()).toBe(200);
    const body = await response.json();
    expect(body.data.length).toBeGreaterThan(0);
    await dialog.getByText('200 OK', { exact: true }).waitFor({ state: 'visible' });
    await dialog.getByText(`"${body.data[0].id}"`).first().waitFor({ state: 'visible' });
    await page.screenshot({ path: `${artifactsDir}/docs-site-try-it-platform.png` });
    await closeTryIt(page);
  });

  it('sends an inference request from the page to {base_url}, and shows the answer', async () => {
    const operation = operationNamed(operations, 'createEmbeddings');
    const dialog = await openTryIt(page, operation);
    const answer = page.waitForResponse((response) => response.url().startsWith(mockBaseUrl));
    await sendFromTryIt(page, dialog, { apiKey });
    const response = await answer;
    expect(response.status()).toBe(200);
    expect((await response.json()).data[0].object).toBe('embedding');
    await dialog.getByText('200 OK', { exact: true }).waitFor({ state: 'visible' });
    await dialog.getByText('"embedding"').first().waitFor({ state: 'visible' });
    await page.screenshot({ path: `${artifactsDir}/docs-site-try-it-inference.png` });
    await closeTryIt(page);
  });

  it('streams a chat answer into the page, up to data: [DONE]', async () => {
    const operation = operationNamed(operations, 'createChatCompletion');
    const streamed = operation.requests.find((request) => request.streamed);
    if (!streamed) throw new Error('The spec has no streamed chat example');
    const dialog = await openTryIt(page, operation);
    const answer = page.waitForResponse((response) => response.url().startsWith(mockBaseUrl));
    // The client starts with the first body example; a reader picks the streamed one by editing the body.
    await sendFromTryIt(page, dialog, { apiKey, body: streamed.body });
    const response = await answer;
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/^text\/event-stream/);
    await dialog.getByText('data: [DONE]').waitFor({ state: 'visible' });
    await dialog.getByText('chat.completion.chunk').first().waitFor({ state: 'visible' });
    await page.screenshot({ path: `${artifactsDir}/docs-site-try-it-stream.png` });
    await closeTryIt(page);
  });

  // A reload refetches and re-renders the whole reference: seconds on a quiet machine, tens of them on a loaded one.
  it('keeps the key nowhere: no web storage, cookie or IndexedDB record holds it, and a reload forgets it', async () => {
    expect(await storedByPage(page)).not.toContain(apiKey);
    await page.reload({ waitUntil: 'networkidle' });
    const dialog = await openTryIt(page, operationNamed(operations, 'listInstanceTypes'));
    // Back to what a page served from this machine starts with: the local mock's demo key, not the one typed.
    expect(await dialog.getByPlaceholder('Token').inputValue()).toBe(localMockDemoKey);
    await closeTryIt(page);
    expect(await storedByPage(page)).not.toContain(apiKey);
  }, 240_000);

  it("gets the simulator's CORS preflight answer for the page's origin and headers", async () => {
    const origin = new URL(server?.url ?? '').origin;
    for (const address of [`${mockBaseUrl}/chat/completions`, `${mockPlatformUrl}/api/v1/storage/vol_1`]) {
      const preflight = await fetch(address, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'PATCH',
          'access-control-request-headers': 'authorization,content-type',
        },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin')).toBe(origin);
      expect(preflight.headers.get('access-control-allow-methods')).toContain('PATCH');
      expect(preflight.headers.get('access-control-allow-headers')).toContain('authorization');
    }
  });

  it('saves a screenshot of the top of the site, as tall as a long page allows', async () => {
    await page.evaluate(() => window.scrollTo(0, 0));
    // The reference is tens of thousands of pixels tall: a full-page capture of all of it outran 30 s on a
    // loaded CI machine. The artifact is for a reviewer's eye, so its height has a cap.
    const { width, height } = await page.evaluate(() => ({
      width: document.documentElement.clientWidth,
      height: Math.min(document.documentElement.scrollHeight, 6000),
    }));
    const png = await page.screenshot({
      path: `${artifactsDir}/docs-site.png`,
      fullPage: true,
      clip: { x: 0, y: 0, width, height },
      timeout: 120_000,
    });
    // A PNG's IHDR holds its width and height at bytes 16-23.
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([width, height]);
  }, 150_000);

  it('lays every table out readably at the desktop width and at 390 px: sideways scroll, no word broken', async () => {
    const readable = async () => {
      await page.locator('.markdown table').first().scrollIntoViewIfNeeded();
      return unreadableTables(page);
    };
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await expect.poll(readable, { timeout: 15_000 }).toMatchObject({ problems: [] });
      expect((await readable()).checked, `${width} px`).toBeGreaterThan(0);
      await page.screenshot({ path: `${artifactsDir}/docs-site-table-${width}.png` });
    }
    // The check bites: without the site's table rules, Scalar's own break words at this width.
    const rules = readableTables.trim();
    const toggle = (on: boolean) =>
      page.evaluate(
        ({ rules, on }) => {
          const style = [...document.querySelectorAll('style')].find((element) =>
            element.textContent?.includes(on ? '/* off */' : rules),
          );
          if (!style?.textContent) throw new Error('the page has no style element with the table rules');
          style.textContent = on
            ? style.textContent.replace('/* off */', rules)
            : style.textContent.replace(rules, '/* off */');
        },
        { rules, on },
      );
    await toggle(false);
    await expect.poll(async () => (await readable()).problems.length, { timeout: 15_000 }).toBeGreaterThan(0);
    await toggle(true);
    await page.setViewportSize({ width: 1440, height: 900 });
  }, 240_000);

  it('made no request past 127.0.0.1, had no failed request and logged no console error or warning', () => {
    expect([...problems.requestsPastLoopback]).toEqual([]);
    expect(problems.failedRequests).toEqual([]);
    expect(problems.consoleErrors).toEqual([]);
    expect(consoleWarnings).toEqual([]);
  });
});
