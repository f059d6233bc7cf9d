import { mkdirSync } from 'node:fs';
import {
  blockRequestsPastLoopback,
  createPageProblems,
  recordPageProblems,
} from '@inference-infra/test-kit/pageProblems';
import type { Browser, Locator } from 'playwright-core';
import { expect } from 'vitest';
import type { InstanceType } from './simulator.ts';

const artifacts = new URL('../test-artifacts/', import.meta.url);

/**
 * Opens an example's page in headless Chromium and holds it to what a page with a keyless client behind its own
 * server's route must do: it shows the cheapest H100 the simulator offers and a streamed chat reply, every API request
 * went to the page's own origin without an `Authorization` header, no byte the page received holds the key, and
 * nothing reached past loopback, failed or logged an error. The page opens in a new context of `browser` (see
 * `chromiumForFile`), closed after.
 */
export async function expectKeylessPage(options: {
  browser: Browser;
  url: string;
  key: string;
  cheapest: InstanceType;
  screenshot: string;
}): Promise<void> {
  const context = await options.browser.newContext();
  // Deadlines from what the page does, not Playwright's 30 s: Vite's dev server bundles a framework's dependencies on
  // the first request for the page (Angular's: past 30 s of one core with a load average near 30, where goto timed
  // out), so the first load gets the 2 min the dev server gets to start, and each wait on the page a minute.
  context.setDefaultNavigationTimeout(2 * 60_000);
  context.setDefaultTimeout(60_000);
  try {
    const problems = createPageProblems();
    await blockRequestsPastLoopback(context, problems);
    const page = await context.newPage();
    recordPageProblems(page, problems);
    const origin = new URL(options.url).origin;
    const apiRequests: { url: string; authorization: string | undefined }[] = [];
    page.on('request', (request) => {
      if (/^\/(v1|api)\//.test(new URL(request.url()).pathname)) {
        apiRequests.push({ url: request.url(), authorization: request.headers().authorization });
      }
    });
    // Everything the page was sent (documents, scripts, API answers), read as text, for the key.
    const bodies: Promise<string>[] = [];
    page.on('response', (response) => {
      bodies.push(response.text().catch(() => ''));
    });

    mkdirSync(artifacts, { recursive: true });
    const screenshot = () => page.screenshot({ path: new URL(options.screenshot, artifacts).pathname });
    // A wait that times out says what the page showed instead, and what went wrong in it.
    const shown = async (locator: Locator) => {
      try {
        await locator.waitFor();
      } catch (error) {
        await screenshot();
        const text = await page.locator('body').textContent();
        throw new Error(
          `${(error as Error).message}\nthe page shows: ${text}\nproblems: ${JSON.stringify(problems)}`,
        );
      }
      return locator;
    };

    await page.goto(options.url);
    const cheapest = await shown(page.getByText(/^cheapest H100: /));
    expect(await cheapest.textContent()).toBe(
      `cheapest H100: ${options.cheapest.id} at $${options.cheapest.hourly_rate} an hour`,
    );
    await page.getByRole('button').click();
    await shown(page.locator('p[aria-busy="false"]', { hasText: /^Simulated reply to / }));
    await screenshot();

    expect(apiRequests.map(({ url }) => new URL(url).pathname)).toEqual(
      expect.arrayContaining(['/api/v1/instances/types', '/v1/chat/completions']),
    );
    for (const request of apiRequests) {
      expect(new URL(request.url).origin, request.url).toBe(origin);
      expect(request.authorization, request.url).toBeUndefined();
    }
    for (const body of await Promise.all(bodies)) expect(body.includes(options.key)).toBe(false);
    expect([...problems.requestsPastLoopback, ...problems.failedRequests, ...problems.consoleErrors]).toEqual(
      [],
    );
  } finally {
    await context.close();
  }
}
