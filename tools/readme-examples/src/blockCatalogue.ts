/**
 * How each code block of the READMEs is tested. Every block must be named here exactly once (by its file and a piece
 * of text only it holds): a new block nobody classified fails `catalogue.test.ts`, and so does an entry whose block
 * is gone. Shell blocks are judged per command, by the rules of `shellCommands.ts`.
 */

/** What the test does with a block. */
export type BlockTest =
  /**
   * TypeScript: `tsc --strict` on it as shown (after its preamble), then run with tsx against the simulator; a block
   * that only defines something (a route handler) is run with `driver` after it, which calls it as its host would.
   * `printsBlockBelow`: the next block of the README is a sample of what it prints, which its output must hold.
   */
  | {
      kind: 'typescript';
      run: 'node';
      preamble?: string;
      expectOutput?: RegExp;
      driver?: string;
      printsBlockBelow?: true;
    }
  /** TypeScript run by a test of its own (`runsIn` names it), e.g. bundled and rendered in headless Chromium. */
  | { kind: 'typescript'; run: 'own-test'; runsIn: string; preamble?: string }
  /** TypeScript type-checked only; `reason` says why it cannot run here. */
  | { kind: 'typescript'; run: 'no'; reason: string; preamble?: string }
  /** Shell: every command is run, or checked and listed by `shellCommands.ts`. */
  | { kind: 'shell' }
  /** A file a test uses as it is (`usedBy` names the test). */
  | { kind: 'file'; usedBy: string }
  /** JSON or YAML configuration, parsed and checked by `configBlocks.test.ts` (`check` names the check). */
  | { kind: 'config'; check: 'mcp-client-config' | 'github-action-step' | 'gitlab-job' }
  /**
   * Output a command prints, compared with what it prints today by `outputBlocks.test.ts`; `printed-by-the-block-above`
   * is what the TypeScript block just above it prints, compared by `runBlocks.test.ts` when it runs that block.
   */
  | {
      kind: 'output';
      check:
        | 'coverage-map-summary'
        | 'contract-suite-console'
        | 'contract-suite-bundled-mock'
        | 'printed-by-the-block-above';
    }
  /** Neither code nor configuration (a sample of output): listed, with what would make it wrong. */
  | { kind: 'listed'; reason: string };

export interface CatalogueEntry {
  file: string;
  /** Text that only this block of the file holds. */
  contains: string;
  test: BlockTest;
}

/**
 * The line of the fetch client's first example that creates `client`, which the README's later blocks go on from
 * ("The examples below go on from the first one"). Kept verbatim: `catalogue.test.ts` checks the README still has it.
 */
export const fetchClientFirstExample = `import { createClient } from '@inference-infra/fetch-client';

const client = createClient(); // reads INFERENCE_INFRA_API_KEY, INFERENCE_INFRA_BASE_URL, INFERENCE_INFRA_PLATFORM_URL
`;

const fetchClient = 'packages/fetch-client/README.md';
const reactHooks = 'packages/react-hooks/README.md';
const queryCore = 'packages/query-core/README.md';
const mockServer = 'packages/mock-server/README.md';
const types = 'packages/types/README.md';
const contractTests = 'packages/contract-tests/README.md';
const mcpServer = 'packages/mcp-server/README.md';
const shell = { kind: 'shell' } as const;
const printedAbove = { kind: 'output', check: 'printed-by-the-block-above' } as const;

export const blockCatalogue: CatalogueEntry[] = [
  // The root README, CONTRIBUTING.md and the workspaces' command lists: shell, command by command.
  { file: 'README.md', contains: 'bash scripts/test.sh', test: shell },
  { file: 'README.md', contains: 'npm install @inference-infra/fetch-client --registry', test: shell },
  {
    file: 'tools/typecheck/README.md',
    contains: 'pnpm --filter @inference-infra/edge typecheck',
    test: shell,
  },
  { file: 'tools/local-registry/README.md', contains: 'bash scripts/start.sh --registry', test: shell },
  {
    file: 'tools/local-registry/README.md',
    contains: 'npm install @inference-infra/fetch-client --registry',
    test: shell,
  },
  { file: 'README.md', contains: 'curl -H', test: shell },
  { file: 'CONTRIBUTING.md', contains: 'release-version.sh', test: shell },
  { file: 'CONTRIBUTING.md', contains: 'bootstrap.sh', test: shell },
  { file: 'CONTRIBUTING.md', contains: 'FUZZ_SEED=123', test: shell },
  { file: 'bench/README.md', contains: 'bench:quick', test: shell },
  { file: 'bench/README.md', contains: '--smoke', test: shell },
  { file: 'docs/README.md', contains: 'pnpm --filter @inference-infra/docs test', test: shell },
  { file: 'spec/README.md', contains: 'lint:security', test: shell },
  {
    file: 'examples/playground/README.md',
    contains: 'pnpm --filter @inference-infra/playground start',
    test: shell,
  },
  { file: 'examples/playground/README.md', contains: 'servePlayground.js', test: shell },
  { file: 'release-check/README.md', contains: 'cd release-check && npx vitest run', test: shell },
  { file: 'release-check/README.md', contains: "-t 'on deno'", test: shell },

  // fetch-client
  { file: fetchClient, contains: 'npm install @inference-infra/fetch-client', test: shell },
  {
    file: fetchClient,
    contains: 'const { data, requestId } = await client.instances.listTypes(',
    test: { kind: 'typescript', run: 'node', printsBlockBelow: true },
  },
  { file: fetchClient, contains: 'it_h100_1x_euw1_spot 1.64 req_', test: printedAbove },
  {
    file: fetchClient,
    contains: "client.billing.listTransactions({ limit: 100, type: 'usage' })",
    test: { kind: 'typescript', run: 'node', preamble: fetchClientFirstExample },
  },
  {
    file: fetchClient,
    contains: '.withResponse();',
    test: { kind: 'typescript', run: 'node', preamble: fetchClientFirstExample },
  },
  {
    file: fetchClient,
    contains: "fetchOptions: { cache: 'no-store', priority: 'high' }",
    test: { kind: 'typescript', run: 'node', preamble: fetchClientFirstExample },
  },
  {
    file: fetchClient,
    contains: 'new NodeTracerProvider({ spanProcessors',
    test: { kind: 'typescript', run: 'node', expectOutput: /name: 'GET \/api\/v1\/instances\/types'/ },
  },
  {
    file: fetchClient,
    contains: "createClient({ logLevel: 'debug', logger: console })",
    test: { kind: 'typescript', run: 'node', expectOutput: /\[inference-infra\]/ },
  },
  {
    file: fetchClient,
    contains: 'export async function askInThePage(',
    test: {
      kind: 'typescript',
      run: 'node',
      // The server half, called as a route handler is; the page half is the pattern the react-hooks browser example
      // renders in Chromium.
      driver: `const answer = await POST(new Request('http://127.0.0.1/api/ai/v1/chat/completions', {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ model: 'llama-3.1-8b-instruct', messages: [{ role: 'user', content: 'Hi' }] }),
}));
console.log(answer.headers.get('content-type'));
console.log(await answer.text());
`,
      expectOutput: /^text\/event-stream\n(data: \{"id":"chatcmpl-[^\n]*\n\n)+data: \[DONE\]\n\n/,
    },
  },
  {
    file: fetchClient,
    contains: '// lib/apiRoute.ts of a Next.js app.',
    test: {
      kind: 'typescript',
      run: 'no',
      reason:
        'a Next.js route module for a deployment (example.com hosts); createApiRoute itself runs in the react-hooks browser example',
    },
  },
  {
    file: fetchClient,
    contains: "import { Hono } from 'hono';",
    test: {
      kind: 'typescript',
      run: 'no',
      reason: 'a Hono app for a deployment (example.com hosts), served by whatever runtime hosts it',
    },
  },
  {
    file: fetchClient,
    contains: 'createSimulator({ transactionCount: 120 })',
    test: {
      kind: 'typescript',
      run: 'node',
      driver: 'console.log(simulator.state.requests.length);\n',
      // Every id of the ledger, then the "3 pages asked for" of the block's last comment.
      expectOutput: /^(txn_\w+\n){120}3\n$/,
    },
  },

  // react-hooks
  { file: reactHooks, contains: 'npm install @inference-infra/react-hooks', test: shell },
  {
    file: reactHooks,
    contains: "import { prerender } from 'react-dom/static';",
    test: {
      kind: 'typescript',
      run: 'node',
      // What the comment of the block's last line says it prints.
      expectOutput: /^<p>cheapest H100: it_h100_1x_euw1_spot at \$1\.64 an hour<\/p>\n$/,
    },
  },
  {
    file: reactHooks,
    contains: '// server.ts: the key stays here.',
    test: { kind: 'typescript', run: 'own-test', runsIn: 'src/reactHooksLead.test.ts' },
  },
  {
    file: reactHooks,
    contains: '<div id="root"></div>',
    test: { kind: 'file', usedBy: 'src/reactHooksLead.test.ts' },
  },
  {
    file: reactHooks,
    contains: '// page.tsx: a keyless client',
    test: { kind: 'typescript', run: 'own-test', runsIn: 'src/reactHooksLead.test.ts' },
  },
  {
    file: reactHooks,
    contains: 'export function Answer(',
    test: { kind: 'typescript', run: 'own-test', runsIn: 'src/reactHooksLead.test.ts' },
  },
  {
    file: reactHooks,
    contains: 'export async function loadPricingPage()',
    test: { kind: 'typescript', run: 'own-test', runsIn: 'src/reactHooksLead.test.ts' },
  },
  {
    file: reactHooks,
    contains: 'export function PricingPage(',
    test: { kind: 'typescript', run: 'own-test', runsIn: 'src/reactHooksLead.test.ts' },
  },
  {
    file: reactHooks,
    contains: 'createSimulator({ streamEventIntervalMs: 50 })',
    test: { kind: 'typescript', run: 'node' },
  },

  // query-core
  {
    file: queryCore,
    contains: 'npm install @inference-infra/query-core @inference-infra/fetch-client @tanstack/query-core',
    test: shell,
  },
  {
    file: queryCore,
    contains: 'await queryClient.prefetchQuery(instanceTypesQueryOptions(',
    test: { kind: 'typescript', run: 'node', printsBlockBelow: true },
  },
  { file: queryCore, contains: 'it_h100_8x_use1: $19.92 an hour', test: printedAbove },
  {
    file: queryCore,
    contains:
      'npm install @inference-infra/query-core @inference-infra/fetch-client @tanstack/vue-query vue@3',
    test: shell,
  },
  {
    file: queryCore,
    contains: "from '@inference-infra/query-core/vue';",
    test: {
      kind: 'typescript',
      run: 'no',
      reason:
        'a Vue page: it mounts into a browser document; packages/query-core/src/vue/vueApp.test.ts runs the same composables, the plugin and a keyless client behind the key-holding route in headless Chromium',
    },
  },

  {
    file: queryCore,
    contains:
      'npm install @inference-infra/query-core @inference-infra/fetch-client @tanstack/solid-query solid-js',
    test: shell,
  },
  {
    file: queryCore,
    contains: "from '@inference-infra/query-core/solid';",
    test: {
      kind: 'typescript',
      run: 'no',
      reason:
        'Solid primitives: they run inside a component of a browser page; packages/query-core/src/solid/solidApp.test.ts runs them, the provider and a keyless client behind the key-holding route in headless Chromium',
    },
  },

  {
    file: queryCore,
    contains:
      'npm install @inference-infra/query-core @inference-infra/fetch-client @tanstack/svelte-query svelte',
    test: shell,
  },
  {
    file: queryCore,
    contains: 'const stream = createChatCompletionStream();',
    test: { kind: 'file', usedBy: 'packages/query-core/src/svelte/readmeExample.test.ts' },
  },

  {
    file: queryCore,
    contains:
      'npm install @inference-infra/query-core @inference-infra/fetch-client @tanstack/angular-query-experimental',
    test: shell,
  },
  {
    file: queryCore,
    contains: "from '@inference-infra/query-core/angular';",
    test: {
      kind: 'typescript',
      run: 'no',
      reason:
        'Angular queries: they run in an injection context of a browser page; packages/query-core/src/angular/angularApp.test.ts runs them, the providers and a keyless client behind the key-holding route in headless Chromium',
    },
  },

  // mock-server
  { file: mockServer, contains: 'npm install --save-dev @inference-infra/mock-server', test: shell },
  { file: mockServer, contains: 'npm install --save-dev @stoplight/prism-cli@5.14.2', test: shell },
  {
    file: mockServer,
    contains: 'instances/types?gpu_type=H100&region=us-east-1`',
    test: { kind: 'typescript', run: 'node', printsBlockBelow: true },
  },
  { file: mockServer, contains: '200 it_h100_1x_use1 $2.49', test: printedAbove },
  {
    file: mockServer,
    contains: "import OpenAI from 'openai';",
    test: { kind: 'typescript', run: 'node', expectOutput: /object: 'list'/ },
  },
  {
    file: mockServer,
    contains: "import { setupServer } from 'msw/node';",
    test: {
      kind: 'typescript',
      run: 'node',
      // The state the block's last comment points at: a workspace's seeded volume, then the server closed.
      driver:
        "console.log(simulator.state.workspace('ii_live_test').volumes.get('vol_training')?.sizeGb);\nserver.close();\n",
      expectOutput: /^100\n$/,
    },
  },
  {
    file: mockServer,
    contains: "startPrism(['proxy',",
    test: {
      kind: 'typescript',
      run: 'no',
      reason:
        "a proxy to a deployment (api.example.test) reading openapi.json from the reader's folder; the contract suite's --via-prism-proxy tests run startPrism",
    },
  },

  // types
  { file: types, contains: 'npm install @inference-infra/types', test: shell },
  {
    file: types,
    contains: 'formatZodError(result.error, bad)',
    test: { kind: 'typescript', run: 'node', printsBlockBelow: true },
  },
  { file: types, contains: 'size_gb: must be at most 10000 (got 20000)', test: printedAbove },
  {
    file: types,
    contains: "validateRequest('resizeVolume'",
    test: {
      kind: 'typescript',
      run: 'node',
      // What the block's comment says the call returns.
      driver:
        "console.log(JSON.stringify(validateRequest('resizeVolume', { path: { id: 'vol_1' }, body: { size_gb: 9 } })));\n",
      expectOutput:
        /^\[\{"field":"size_gb","rule":"must be at least 10","message":"size_gb: must be at least 10 \(got 9\)"\}\]\n$/,
    },
  },
  {
    file: types,
    contains: 'specModelOf(bundle)',
    test: {
      kind: 'typescript',
      run: 'node',
      // What the block's comments say the calls return.
      driver: `const { method, path, surface, stateChanging } = model.operation('resizeVolume');
console.log(method, path, surface, stateChanging, model.resolve('#/components/schemas/ResizeVolumeRequest').pointer);
`,
      expectOutput:
        /^PATCH \/api\/v1\/storage\/\{id\} platform true #\/components\/schemas\/ResizeVolumeRequest\n$/,
    },
  },

  // contract-tests
  { file: contractTests, contains: 'npm install --save-dev @inference-infra/contract-tests', test: shell },
  { file: contractTests, contains: '# no target: the bundled mock', test: shell },
  {
    file: contractTests,
    contains: 'PASS: every executed check held (exit 0)',
    test: { kind: 'output', check: 'contract-suite-bundled-mock' },
  },
  { file: contractTests, contains: '--api-key ii_live_mock\n', test: shell },
  { file: contractTests, contains: '--report coverage coverage.md', test: shell },
  {
    file: contractTests,
    contains: 'Failures (2):',
    test: { kind: 'output', check: 'contract-suite-console' },
  },
  {
    file: contractTests,
    contains: 'Rate limits: 131 answers 429',
    test: {
      kind: 'listed',
      reason:
        "a summary line of a run against a rate-limiting server; its wording is formatRateLimitStats', held by packages/contract-tests/src/transport/rateLimit.test.ts",
    },
  },
  {
    file: contractTests,
    contains: 'generated case {"max_tokens":12,"stop":"the"}',
    test: {
      kind: 'listed',
      reason:
        "a failure of the simulator before its fix, so no run prints it today; its form is propertyCheck's, held by packages/contract-tests/src/engine/propertyCheck.test.ts",
    },
  },
  { file: contractTests, contains: '- uses:', test: { kind: 'config', check: 'github-action-step' } },
  {
    file: contractTests,
    contains: 'contract-tests: { image: node:22',
    test: { kind: 'config', check: 'gitlab-job' },
  },
  {
    file: contractTests,
    contains: 'Coverage map: ',
    test: { kind: 'output', check: 'coverage-map-summary' },
  },

  // mcp-server
  {
    file: mcpServer,
    contains: 'npm install @inference-infra/mcp-server @modelcontextprotocol/sdk',
    test: shell,
  },
  {
    file: mcpServer,
    contains: "client.callTool({ name: 'list_instance_types'",
    test: { kind: 'typescript', run: 'node', printsBlockBelow: true },
  },
  { file: mcpServer, contains: 'list_instance_types, list_billing_transactions', test: printedAbove },
  {
    file: mcpServer,
    contains: 'npx @inference-infra/mcp-server --simulator --http --port 3333',
    test: shell,
  },
  { file: mcpServer, contains: '"mcpServers"', test: { kind: 'config', check: 'mcp-client-config' } },
  { file: mcpServer, contains: 'claude mcp add', test: shell },
  { file: mcpServer, contains: '"servers"', test: { kind: 'config', check: 'mcp-client-config' } },
  { file: mcpServer, contains: '@modelcontextprotocol/inspector', test: shell },

  // The examples users copy whole: their commands are what tools/examples-check runs in a copy of each folder.
  ...[
    'node-esm',
    'node-cjs',
    'vite-react',
    'vite-vue',
    'vite-svelte',
    'vite-solid',
    'vite-angular',
    'nextjs',
    'hono',
    'express',
    'mcp-client',
    'partner-ci',
  ].map((name) => ({ file: `examples/${name}/README.md`, contains: 'npm install --registry', test: shell })),
  ...[
    ['node-esm', 'cheapest H100: it_h100'],
    ['node-cjs', 'cheapest H100 in us-east-1:'],
    ['mcp-client', 'tools: list_instance_types'],
  ].map(([name, contains]) => ({
    file: `examples/${name}/README.md`,
    contains: contains as string,
    test: {
      kind: 'listed' as const,
      reason:
        "a sample of what the example's npm start prints: tools/examples-check compares it line by line with the real output against the simulator (`...` for what varies)",
    },
  })),
];
