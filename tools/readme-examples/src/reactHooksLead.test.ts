import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium } from '@inference-infra/test-kit/browser';
import {
  blockRequestsPastLoopback,
  createPageProblems,
  recordPageProblems,
} from '@inference-infra/test-kit/pageProblems';
import { build } from 'esbuild';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { type ClassifiedBlock, classifiedBlocks } from './classifiedBlocks.js';
import { repoRoot } from './readmeBlocks.js';
import { runTypeScript } from './runTypeScript.js';
import { pointedAt } from './typescriptBlocks.js';

const require = createRequire(import.meta.url);
/** The reader's project folder: server.ts, page.tsx, public/index.html and the bundle, as the README lays them out. */
const appDir = fileURLToPath(new URL('../test-artifacts/react-hooks-lead/', import.meta.url));
const mock = { baseUrl: inject('mockBaseUrl'), platformUrl: inject('mockPlatformUrl') };

function leadBlock(contains: string): ClassifiedBlock {
  const block = classifiedBlocks().find(
    (candidate) => candidate.file === 'packages/react-hooks/README.md' && candidate.value.includes(contains),
  );
  if (!block) throw new Error(`the react-hooks README has no block holding ${contains}`);
  return block;
}

/** The README's bundling command, which the build above mirrors flag by flag. */
const readmeBundleCommand =
  'npx esbuild page.tsx --bundle --format=esm --jsx=automatic --outfile=public/page.js';

let server: ChildProcess | undefined;
let browser: Browser | undefined;
let appUrl = '';

beforeAll(async () => {
  rmSync(appDir, { recursive: true, force: true });
  mkdirSync(join(appDir, 'public'), { recursive: true });
  writeFileSync(join(appDir, 'package.json'), JSON.stringify({ type: 'module', private: true }));
  // The three blocks as shown; only the mock's default addresses (in server.ts) become the simulator's.
  writeFileSync(
    join(appDir, 'server.ts'),
    pointedAt(leadBlock('// server.ts: the key stays here.').value, mock),
  );
  writeFileSync(join(appDir, 'public/index.html'), leadBlock('<div id="root"></div>').value);
  writeFileSync(join(appDir, 'page.tsx'), leadBlock('// page.tsx: a keyless client').value);
  // What the README's esbuild command does, as in a reader's folder: nothing taken from a tsconfig.json (this test's
  // own folder has one that sets `jsx`, which once hid that the command needed `--jsx=automatic`), plus React's
  // production build (a bundler's usual setting for a page).
  await build({
    entryPoints: [join(appDir, 'page.tsx')],
    bundle: true,
    format: 'esm',
    jsx: 'automatic',
    tsconfigRaw: {},
    outfile: join(appDir, 'public/page.js'),
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  });
  // `npx tsx server.ts`, in the project's folder, on a free port (the README's PORT variable); its key is its own
  // default, so no key is in the page's world at all.
  server = spawn(process.execPath, [require.resolve('tsx/cli'), 'server.ts'], {
    cwd: appDir,
    env: { PATH: process.env.PATH, PORT: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  appUrl = await new Promise<string>((resolve, reject) => {
    let output = '';
    server?.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const url = output.match(/open (http:\/\/127\.0\.0\.1:\d+\/)/)?.[1];
      if (url) resolve(url);
    });
    server?.once('exit', (code) =>
      reject(new Error(`server.ts ended with ${code} before listening: ${output}`)),
    );
  });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  server?.kill();
});

it('shows the bundling command this test runs, and install lines with react-dom (a reader bundles with them)', () => {
  const readme = readFileSync(join(repoRoot, 'packages/react-hooks/README.md'), 'utf8');
  // An inline command may wrap in the Markdown source; it renders with a space.
  expect(readme.replace(/\s+/g, ' ')).toContain(readmeBundleCommand);
  const installs = readme.split('\n').filter((line) => line.startsWith('npm install '));
  expect(installs.length).toBeGreaterThan(0);
  for (const line of installs) expect(line, line).toMatch(/ react react-dom\b/);
});

it("renders the react-hooks README's browser example in Chromium: the data through the app's route, no key in the page", async () => {
  const context = await (browser as Browser).newContext();
  const problems = createPageProblems();
  await blockRequestsPastLoopback(context, problems);
  const page = await context.newPage();
  recordPageProblems(page, problems);
  const apiRequests: { url: string; authorization: string | undefined }[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) {
      apiRequests.push({ url: request.url(), authorization: request.headers().authorization });
    }
  });
  await page.goto(appUrl);
  const shown = page.getByText(/^cheapest H100: /);
  await shown.waitFor();
  // The simulator's catalogue (start.sh's data): the cheapest H100 costs 1.64 an hour, as the release check finds.
  expect(await shown.textContent()).toMatch(/^cheapest H100: it_h100_\w+ at \$1\.64 an hour$/);
  await page.screenshot({
    path: fileURLToPath(new URL('../test-artifacts/react-hooks-lead.png', import.meta.url)),
  });
  // Every request the page sent (one, unless TanStack refetched meanwhile) went to the route, for the H100 list.
  expect(apiRequests.length).toBeGreaterThan(0);
  for (const { url } of apiRequests) {
    expect(new URL(url).pathname + new URL(url).search).toBe('/api/v1/instances/types?gpu_type=H100');
  }
  expect(
    apiRequests.every(({ url, authorization }) => url.startsWith(appUrl) && authorization === undefined),
  ).toBe(true);
  expect([...problems.requestsPastLoopback, ...problems.failedRequests, ...problems.consoleErrors]).toEqual(
    [],
  );
  await context.close();
});

/**
 * The page that renders the README's other React examples under the browser example's providers and keyless client:
 * `Answer` (a streamed chat, through the route's `operations`) and `PricingPage` given what `loadPricingPage` returned
 * on the server. Written here, not in the README: it only mounts the components the README's blocks export.
 */
const otherExamplesPage = `import { createClient } from '@inference-infra/fetch-client';
import { InferenceInfraProvider } from '@inference-infra/react-hooks';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createRoot } from 'react-dom/client';
import { Answer } from './answer.tsx';
import { PricingPage } from './pricingPage.tsx';

declare const loadedOnTheServer: Parameters<typeof PricingPage>[0];
const client = createClient({ apiKey: null, baseUrl: \`\${location.origin}/v1\`, platformUrl: location.origin });
createRoot(document.getElementById('root')!).render(
  <QueryClientProvider client={new QueryClient()}>
    <InferenceInfraProvider client={client}>
      <PricingPage dehydratedState={loadedOnTheServer.dehydratedState} />
      <Answer question="Which GPU?" />
    </InferenceInfraProvider>
  </QueryClientProvider>,
);
`;

it('renders the streamed answer and the server-rendered pricing page of the react-hooks README in Chromium', async () => {
  // The loader runs on the server, with the key, against the simulator; the page gets its plain JSON.
  const loader = leadBlock('export async function loadPricingPage()');
  const loaded = await runTypeScript(
    `${loader.value}\nconsole.log(JSON.stringify(await loadPricingPage()));\n`,
    join(appDir, 'loader.tsx'),
    {
      INFERENCE_INFRA_API_KEY: 'ii_live_readme_pricing',
      INFERENCE_INFRA_BASE_URL: mock.baseUrl,
      INFERENCE_INFRA_PLATFORM_URL: mock.platformUrl,
    },
  );
  writeFileSync(join(appDir, 'answer.tsx'), leadBlock('export function Answer(').value);
  writeFileSync(join(appDir, 'pricingPage.tsx'), leadBlock('export function PricingPage(').value);
  writeFileSync(join(appDir, 'otherExamples.tsx'), otherExamplesPage);
  await build({
    entryPoints: [join(appDir, 'otherExamples.tsx')],
    bundle: true,
    format: 'esm',
    outfile: join(appDir, 'public/page.js'),
    define: { 'process.env.NODE_ENV': '"production"', loadedOnTheServer: loaded.trim() },
    logLevel: 'silent',
  });
  const context = await (browser as Browser).newContext();
  const problems = createPageProblems();
  await blockRequestsPastLoopback(context, problems);
  const page = await context.newPage();
  recordPageProblems(page, problems);
  const apiRequests: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (/^\/(v1|api)\//.test(url.pathname)) apiRequests.push(`${request.method()} ${url.pathname}`);
  });
  await page.goto(appUrl);
  // Hydrated: the list is there at once, and the page does not ask for it again (staleTime 60 s).
  const pricing = page.getByText(/^cheapest H100: /);
  await pricing.waitFor();
  expect(await pricing.textContent()).toMatch(/^cheapest H100: it_h100_\w+$/);
  // The stream's text, whole once the query is no longer fetching.
  const answer = page.locator('p[aria-busy="false"]', { hasText: /^Simulated reply/ });
  await answer.waitFor();
  expect(await answer.textContent()).toMatch(/^Simulated reply to "Which GPU\?"/);
  expect(apiRequests).toEqual(['POST /v1/chat/completions']);
  expect([...problems.requestsPastLoopback, ...problems.failedRequests, ...problems.consoleErrors]).toEqual(
    [],
  );
  await page.screenshot({
    path: fileURLToPath(new URL('../test-artifacts/react-hooks-other-examples.png', import.meta.url)),
  });
  await context.close();
});
