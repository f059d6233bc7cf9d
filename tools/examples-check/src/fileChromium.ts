import { launchChromium } from '@inference-infra/test-kit/browser';
import type { Browser } from 'playwright-core';
import { afterAll } from 'vitest';

/**
 * One headless Chromium for every page a test file opens: launched for the first page, closed after the file's last
 * test. A launch costs about 2 s of CPU and, on a loaded 2-core machine, 10 s of wall or more, and the Vite file opened
 * ten pages. Each page still gets a context of its own (`expectKeylessPage`), with no cookie, storage or HTTP cache of
 * another page's, which is all a fresh browser gave it. A browser that failed to launch or went away is launched
 * again, so one crash fails one test, not the rest of the file.
 */
export function chromiumForFile(): () => Promise<Browser> {
  let launched: Promise<Browser> | undefined;
  afterAll(async () => {
    await (await launched?.catch(() => undefined))?.close();
  });
  return async () => {
    const browser = await launched?.catch(() => undefined);
    if (browser?.isConnected()) return browser;
    launched = launchChromium();
    return launched;
  };
}
