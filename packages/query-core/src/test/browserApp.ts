import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApiRoute, toNodeListener } from '@inference-infra/fetch-client/server';
import { launchChromium } from '@inference-infra/test-kit/browser';
import {
  blockRequestsPastLoopback,
  createPageProblems,
  type PageProblems,
  recordPageProblems,
} from '@inference-infra/test-kit/pageProblems';
import { routeOfListener, startStaticServer } from '@inference-infra/test-kit/staticServer';
import type { Browser, Page } from 'playwright-core';
import { build, type PluginOption } from 'vite';

/**
 * The key the app's own server holds and adds to what the page sends; the page holds none. One per framework: the
 * simulator keeps a workspace per key, so each app's resize starts from the seeded 100 GB whichever app ran first.
 */
export const pageKeyOf = (name: string) => `ii_live_browser_${name}`;

export interface RunningApp {
  page: Page;
  url: string;
  problems: PageProblems;
  /** Every request the page made, as `METHOD url`. */
  requests: string[];
  /** Every Authorization header the page sent: there must be none. */
  authorizationSent: string[];
  close(): Promise<void>;
}

/**
 * Builds the app under `browser-apps/<name>` with the framework's own Vite plugin, against this package's build
 * (`dist/`, as users get it), into a folder of its own; serves it behind the fetch client's key-holding API route to
 * the simulator, on a free loopback port; opens it in headless Chromium, which may reach nothing past 127.0.0.1.
 */
export async function startBrowserApp(
  name: string,
  plugin: PluginOption,
  api: { baseUrl: string; platformUrl: string },
): Promise<RunningApp> {
  const root = fileURLToPath(new URL(`../../browser-apps/${name}/`, import.meta.url));
  const outDir = await mkdtemp(join(tmpdir(), `query-core-${name}-app-`));
  const packageDist = (entry: string) => fileURLToPath(new URL(`../../dist/${entry}.js`, import.meta.url));
  await build({
    root,
    configFile: false,
    logLevel: 'warn',
    plugins: [plugin],
    resolve: { alias: { [`@inference-infra/query-core/${name}`]: packageDist(name) } },
    build: { outDir, emptyOutDir: true, minify: false },
  });
  const route = createApiRoute({
    apiKey: pageKeyOf(name),
    ...api,
    operations: ['createChatCompletion', 'resizeVolume'],
  });
  const server = await startStaticServer({ rootDir: outDir, route: routeOfListener(toNodeListener(route)) });
  let browser: Browser | undefined;
  try {
    browser = await launchChromium();
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const problems = createPageProblems();
    await blockRequestsPastLoopback(context, problems);
    const page = await context.newPage();
    recordPageProblems(page, problems);
    const requests: string[] = [];
    const authorizationSent: string[] = [];
    page.on('request', (request) => {
      requests.push(`${request.method()} ${request.url()}`);
      const authorization = request.headers().authorization;
      if (authorization !== undefined) authorizationSent.push(`${request.url()}: ${authorization}`);
    });
    await page.goto(server.url);
    const opened = browser;
    return {
      page,
      url: server.url,
      problems,
      requests,
      authorizationSent,
      async close() {
        await opened.close();
        await server.close();
        await rm(outDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await browser?.close();
    await server.close();
    await rm(outDir, { recursive: true, force: true });
    throw error;
  }
}
