import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { launchChromium } from '@inference-infra/test-kit/browser';
import {
  blockRequestsPastLoopback,
  createPageProblems,
  recordPageProblems,
} from '@inference-infra/test-kit/pageProblems';
import { type StaticServer, startStaticServer } from '@inference-infra/test-kit/staticServer';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

interface SpecServer {
  url: string;
  variables?: Record<string, { default: string }>;
}
interface SpecOperation {
  operationId: string;
  summary: string;
  tags: [string];
  servers?: SpecServer[];
}
interface Spec {
  servers?: SpecServer[];
  paths: Record<string, Record<string, unknown> & { servers?: SpecServer[] }>;
}

const httpMethods = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);
const spec: Spec = createRequire(import.meta.url)('@inference-infra/spec/openapi.json');

const operations = Object.values(spec.paths).flatMap((pathItem) =>
  Object.entries(pathItem)
    .filter(([key]) => httpMethods.has(key))
    .map(([, operation]) => operation as SpecOperation),
);

/** Each server of the spec (root, path or operation level) with its variables set to their defaults. */
const baseAddresses = [
  ...new Set(
    [
      spec.servers ?? [],
      ...Object.values(spec.paths).map((item) => item.servers ?? []),
      ...operations.map((o) => o.servers ?? []),
    ]
      .flat()
      .map((server) =>
        server.url.replace(
          /\{(\w+)\}/g,
          (_, name: string) => server.variables?.[name]?.default ?? `{${name}}`,
        ),
      ),
  ),
];

const distDir = fileURLToPath(new URL('../dist', import.meta.url));
const screenshotPath = fileURLToPath(new URL('../test-artifacts/docs-site.png', import.meta.url));

/**
 * Opens an operation the way a reader does: its tag in the sidebar, then its summary. The sidebar is always
 * mounted, whereas the main column mounts a section only when it nears the viewport and re-renders it on the way.
 * Returns the address the sidebar links the operation to.
 */
async function openOperationFromSidebar(page: Page, tag: string, summary: string): Promise<string | null> {
  const sidebar = page.locator('[data-component-name="Menu/Menu"]');
  const operationItem = sidebar.getByText(summary, { exact: true });
  // Clicking an open tag would close it again.
  if (!(await operationItem.isVisible())) await sidebar.getByText(tag, { exact: true }).click();
  await operationItem.click();
  return sidebar
    .locator('a')
    .filter({ has: page.getByText(summary, { exact: true }) })
    .getAttribute('href');
}

/** The servers panel shows `{base_url}` until its variables are opened; the default addresses are inside. */
async function expandServerVariables(page: Page): Promise<void> {
  const serversPanel = page.getByTestId('panel-servers');
  await serversPanel.scrollIntoViewIfNeeded();
  const showVariables = serversPanel.getByText(/^Show \d+ variables?$/);
  while ((await showVariables.count()) > 0) await showVariables.first().click();
}

describe('the API reference site (dist/index.html in headless Chromium)', () => {
  let server: StaticServer | undefined;
  let browser: Browser | undefined;
  let page: Page;
  const problems = createPageProblems();

  // One page load shared by the tests below, in order: Chromium takes many seconds to start on a small machine.
  beforeAll(async () => {
    if (!existsSync(`${distDir}/index.html`)) {
      throw new Error(
        'docs/dist/index.html is missing: run `pnpm --filter @inference-infra/docs build` first.',
      );
    }
    server = await startStaticServer({ rootDir: distDir });
    browser = await launchChromium();
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    // Requests past loopback are aborted: a regression is reported by the last test, never sent anywhere.
    await blockRequestsPastLoopback(context, problems);
    page = await context.newPage();
    recordPageProblems(page, problems);

    await page.goto(server.url, { waitUntil: 'networkidle' });
    // The sidebar logo is added by an effect, so it exists only once the server-rendered page has hydrated;
    // clicks before that would land on inert markup.
    await page
      .locator('img[alt="redocly logo"]')
      .waitFor()
      .catch((error: Error) => {
        // A page whose script was blocked or failed never hydrates; say why instead of only timing out.
        const seen = { ...problems, requestsPastLoopback: [...problems.requestsPastLoopback] };
        throw new Error(`The page did not hydrate: ${error.message}\n${JSON.stringify(seen, null, 2)}`);
      });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('hydrates with the local stand-in logo, not the one on cdn.redoc.ly', async () => {
    expect(await page.locator('img[alt="redocly logo"]').getAttribute('src')).toMatch(
      /^data:image\/svg\+xml,/,
    );
  });

  it('renders every operation of the spec under its summary, with its anchor', async () => {
    expect(operations.length).toBeGreaterThan(0);
    for (const { operationId, summary, tags } of operations) {
      const href = await openOperationFromSidebar(page, tags[0], summary);
      // Redoc 3 anchors an operation as #/<tag>/<operationId in lower case>.
      expect(href, summary).toMatch(new RegExp(`^#/.+/${operationId.toLowerCase()}$`));
      await page
        .locator('h2')
        .and(page.getByText(summary, { exact: true }))
        .waitFor({ state: 'visible' });
    }
  });

  it('shows both base addresses with their default values', async () => {
    expect(baseAddresses).toHaveLength(2);
    await expandServerVariables(page);
    for (const address of baseAddresses) {
      await page
        .getByTestId('panel-servers')
        .getByText(address, { exact: true })
        .waitFor({ state: 'visible' });
    }
  });

  it('saves a full-page screenshot of the site', async () => {
    await expandServerVariables(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await mkdir(fileURLToPath(new URL('.', `file://${screenshotPath}`)), { recursive: true });
    await page.screenshot({ path: screenshotPath, fullPage: true });
    expect(existsSync(screenshotPath)).toBe(true);
  });

  it('made no request past 127.0.0.1, had no failed request and logged no console error', () => {
    expect([...problems.requestsPastLoopback]).toEqual([]);
    expect(problems.failedRequests).toEqual([]);
    expect(problems.consoleErrors).toEqual([]);
  });
});
