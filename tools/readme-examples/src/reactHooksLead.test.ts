import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium } from '@inference-infra/test-kit/browser';
import {
  blockRequestsPastLoopback,
  createPageProblems,
  recordPageProblems,
} from '@inference-infra/test-kit/pageProblems';
import { type StartedProcess, UserFolder } from '@inference-infra/test-kit/userFolder';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { type ClassifiedBlock, classifiedBlocks } from './classifiedBlocks.js';
import { inlineCode, installCommand, installLinesOf, proseBefore, readerStep } from './readerPlan.js';
import { pointedAt, readerTscCommand, readerTypeCheckTools } from './typescriptBlocks.js';

const readme = 'packages/react-hooks/README.md';
const mock = { baseUrl: inject('mockBaseUrl'), platformUrl: inject('mockPlatformUrl') };
const registryUrl = inject('registryUrl');
const artifacts = (name: string) => fileURLToPath(new URL(`../test-artifacts/${name}`, import.meta.url));

function leadBlock(contains: string): ClassifiedBlock {
  const block = classifiedBlocks().find(
    (candidate) => candidate.file === readme && candidate.value.includes(contains),
  );
  if (!block) throw new Error(`the react-hooks README has no block holding ${contains}`);
  return block;
}

const server = leadBlock('// server.ts: the key stays here.');
const html = leadBlock('<div id="root"></div>');
const page = leadBlock('// page.tsx: a keyless client');

/** The bundling command the README gives before the page's block (`npx esbuild page.tsx ...`), as typed. */
function bundleCommand(): string {
  const command = inlineCode(proseBefore(page)).find((span) => span.startsWith('npx esbuild '));
  if (!command)
    throw new Error(`${readme}:${page.line}: the text before the page names no npx esbuild command`);
  return command;
}

/** The reader's folder: the README's install line from the registry, its three files under the names it gives. */
const folder = new UserFolder({ name: 'readme-react-hooks-lead', registryUrl });
let serving: StartedProcess | undefined;
let browser: Browser | undefined;
let appUrl = '';

const write = (fileName: string, source: string) => {
  mkdirSync(dirname(join(folder.dir, fileName)), { recursive: true });
  writeFileSync(join(folder.dir, fileName), source);
};

beforeAll(async () => {
  const lines = installLinesOf(readme);
  expect(lines.length).toBeGreaterThan(0);
  for (const line of lines) await folder.run(installCommand(line, registryUrl), { timeoutMs: 5 * 60_000 });
  // npm read its cache (see UserFolder): ours must still be today's build.
  await folder.expectTodaysBuild();
  // The three blocks as shown, each under the name the README gives it; only the mock's default addresses (in
  // server.ts) become the simulator's.
  const serverStep = readerStep(server);
  write(serverStep.fileName, pointedAt(server.value, mock));
  write(readerStep(html).fileName, html.value);
  write(readerStep(page).fileName, page.value);
  await folder.run(bundleCommand(), { timeoutMs: 3 * 60_000 });
  // The server as the README runs it, on a free port (its PORT variable); its key is its own default, so no key is
  // in the page's world at all.
  serving = await folder.start(serverStep.command, {
    env: { PORT: '0' },
    ready: /open (http:\/\/127\.0\.0\.1:\d+\/)/,
    timeoutMs: 2 * 60_000,
  });
  appUrl = serving.ready[1] as string;
  browser = await launchChromium();
}, 10 * 60_000);

afterAll(async () => {
  await browser?.close();
  await serving?.stop();
  await folder.remove();
}, 5 * 60_000);

it('names the files and commands a reader follows: server.ts run with npx tsx, public/index.html, page.tsx bundled', () => {
  expect(readerStep(server)).toMatchObject({ fileName: 'server.ts', command: 'npx tsx server.ts' });
  expect(readerStep(html).fileName).toBe('public/index.html');
  expect(readerStep(page).fileName).toBe('page.tsx');
  expect(bundleCommand()).toMatch(/^npx esbuild page\.tsx --bundle .*--outfile=public\/page\.js/);
  // A bundle of a React page needs react-dom, which the install line must bring.
  const installs = installLinesOf(readme).filter((line) => line.startsWith('npm install'));
  expect(installs.length).toBeGreaterThan(0);
  for (const line of installs) expect(line).toMatch(/ react react-dom\b/);
});

it("renders the react-hooks README's browser example in Chromium: the data through the app's route, no key in the page", async () => {
  const context = await (browser as Browser).newContext();
  const problems = createPageProblems();
  await blockRequestsPastLoopback(context, problems);
  const tab = await context.newPage();
  recordPageProblems(tab, problems);
  const apiRequests: { url: string; authorization: string | undefined }[] = [];
  tab.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) {
      apiRequests.push({ url: request.url(), authorization: request.headers().authorization });
    }
  });
  await tab.goto(appUrl);
  const shown = tab.getByText(/^cheapest H100: /);
  await shown.waitFor();
  // The simulator's catalogue (start.sh's data): the cheapest H100 costs 1.64 an hour, as the release check finds.
  expect(await shown.textContent()).toMatch(/^cheapest H100: it_h100_\w+ at \$1\.64 an hour$/);
  await tab.screenshot({ path: artifacts('react-hooks-lead.png') });
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
import { loadedOnTheServer } from './loaded.ts';
import { PricingPage } from './pricingPage.tsx';

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

it(
  'renders the streamed answer and the server-rendered pricing page of the react-hooks README in Chromium',
  async () => {
    // The loader runs on the server, with the key, against the simulator; the page gets its plain JSON.
    const loader = leadBlock('export async function loadPricingPage()');
    write('loader.mts', `${loader.value}\nconsole.log(JSON.stringify(await loadPricingPage()));\n`);
    const { stdout: loaded } = await folder.run('npx tsx loader.mts', {
      env: {
        INFERENCE_INFRA_API_KEY: 'ii_live_readme_pricing',
        INFERENCE_INFRA_BASE_URL: mock.baseUrl,
        INFERENCE_INFRA_PLATFORM_URL: mock.platformUrl,
      },
      timeoutMs: 2 * 60_000,
    });
    write('answer.tsx', leadBlock('export function Answer(').value);
    write('pricingPage.tsx', leadBlock('export function PricingPage(').value);
    write('loaded.ts', `export const loadedOnTheServer = ${loaded.trim()};\n`);
    write('otherExamples.tsx', otherExamplesPage);
    // The README's bundling command, for this page instead of page.tsx.
    await folder.run(bundleCommand().replace('page.tsx', 'otherExamples.tsx'), { timeoutMs: 3 * 60_000 });
    const context = await (browser as Browser).newContext();
    const problems = createPageProblems();
    await blockRequestsPastLoopback(context, problems);
    const tab = await context.newPage();
    recordPageProblems(tab, problems);
    const apiRequests: string[] = [];
    tab.on('request', (request) => {
      const url = new URL(request.url());
      if (/^\/(v1|api)\//.test(url.pathname)) apiRequests.push(`${request.method()} ${url.pathname}`);
    });
    await tab.goto(appUrl);
    // Hydrated: the list is there at once, and the page does not ask for it again (staleTime 60 s).
    const pricing = tab.getByText(/^cheapest H100: /);
    await pricing.waitFor();
    expect(await pricing.textContent()).toMatch(/^cheapest H100: it_h100_\w+$/);
    // The stream's text, whole once the query is no longer fetching.
    const answer = tab.locator('p[aria-busy="false"]', { hasText: /^Simulated reply/ });
    await answer.waitFor();
    expect(await answer.textContent()).toMatch(/^Simulated reply to "Which GPU\?"/);
    expect(apiRequests).toEqual(['POST /v1/chat/completions']);
    expect([...problems.requestsPastLoopback, ...problems.failedRequests, ...problems.consoleErrors]).toEqual(
      [],
    );
    await tab.screenshot({ path: artifacts('react-hooks-other-examples.png') });
    await context.close();
  },
  5 * 60_000,
);

it(
  "type-checks the README's React blocks as they are saved, with tsc --strict on the command line and no tsconfig.json",
  async () => {
    await folder.run(installCommand(`npm install --save-dev ${readerTypeCheckTools(true)}`, registryUrl), {
      timeoutMs: 5 * 60_000,
    });
    write(readerStep(server).fileName, server.value);
    // The loader as the README shows it (the test's run added a line after it).
    write('loader.mts', leadBlock('export async function loadPricingPage()').value);
    const files = ['server.ts', 'page.tsx', 'answer.tsx', 'pricingPage.tsx', 'loader.mts'];
    await folder.run(readerTscCommand(files, true), { timeoutMs: 5 * 60_000 });
  },
  10 * 60_000,
);
