import { launchChromium } from '@inference-infra/test-kit/browser';
import {
  blockRequestsPastLoopback,
  createPageProblems,
  type PageProblems,
} from '@inference-infra/test-kit/pageProblems';
import { startStaticServer } from '@inference-infra/test-kit/staticServer';

export interface ChromiumCellResult {
  results: unknown;
  problems: PageProblems;
  /** The browser's full version (the user agent says only the major one). */
  version: string;
}

/**
 * Serves `pageDir` (an index.html that loads the bundled checks) on 127.0.0.1, opens it in headless Chromium with
 * `query` as its query string and returns the JSON the page writes into `#results`. Every request past loopback is
 * blocked and recorded. The browser and the server are closed before this returns.
 */
export async function runChecksInChromium(
  pageDir: string,
  query: Record<string, string>,
  timeoutMs = 60_000,
): Promise<ChromiumCellResult> {
  const server = await startStaticServer({ rootDir: pageDir });
  const browser = await launchChromium().catch(async (error: unknown) => {
    await server.close();
    throw error;
  });
  try {
    const context = await browser.newContext();
    const problems = createPageProblems();
    await blockRequestsPastLoopback(context, problems);
    const page = await context.newPage();
    page.on('pageerror', (error) => problems.consoleErrors.push(`uncaught: ${error.message}`));
    await page.goto(`${server.url}?${new URLSearchParams(query)}`);
    await page.waitForFunction(() => document.getElementById('results')?.textContent, undefined, {
      timeout: timeoutMs,
    });
    const text = (await page.textContent('#results')) ?? '';
    return { results: JSON.parse(text), problems, version: browser.version() };
  } finally {
    await browser.close();
    await server.close();
  }
}
