import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import {
  fixtureOperation as addedOperation,
  pagedFixtureOperation,
  withReadOperation as withAddedOperation,
  withoutOperation,
  withPagedPathOperation,
  withRenamedOperation,
} from '@inference-infra/test-kit/specVariants';
import { afterAll, describe, expect, it } from 'vitest';
import { type GeneratedFile, generatedFiles } from '../scripts/generatedFiles.js';
import { readSpecBundle, specBundleFromText } from '../scripts/specBundle.js';

// "Add an operation" (spec/README.md), proved on the generated code: a copy of the bundle changed as the procedure
// says, run through the one `pnpm generate` pipeline in memory, then the fetch client with those files type-checked
// with a typed call of the new method. The docs, the simulator, the MCP tools and the contract suite prove the same
// change from the spec model at run time, in their own packages.

const original = readSpecBundle().document;
const generate = async (document: object) =>
  Object.fromEntries(
    (await generatedFiles(specBundleFromText(JSON.stringify(document, null, 2)))).map(
      (file: GeneratedFile) => [file.path.replace(/^.*\//, ''), file.contents],
    ),
  );

const packagesDir = fileURLToPath(new URL('../../', import.meta.url));
const require = createRequire(import.meta.url);
// TypeScript 7's tsc (tools/typecheck): the generated code type-checks as with 5.9, in about a quarter of the CPU.
const tscPath = require.resolve('@inference-infra/typecheck/tsc-native');
const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** A new folder inside a package's node_modules, so imports from it resolve as they do in that package. */
function folderIn(packageName: string): string {
  const cache = join(packagesDir, packageName, 'node_modules/.cache');
  mkdirSync(cache, { recursive: true });
  const folder = mkdtempSync(join(cache, 'spec-change-'));
  made.push(folder);
  return folder;
}

/**
 * The sources of types and fetch-client with these generated files, type-checked with `usage` (a module that calls
 * the client). Each copy sits in its own package's folder, so zod resolves for the one and openapi-fetch for the other.
 */
async function typeCheckClientWith(
  files: GeneratedFile[],
  usage: string,
  { queryCore = false }: { queryCore?: boolean } = {},
): Promise<string> {
  const typesRoot = folderIn('types');
  // query-core's copy sits in its own package's folder, so TanStack and the frameworks resolve as they do there.
  const root = folderIn(queryCore ? 'query-core' : 'fetch-client');
  const clientRoot = queryCore ? folderIn('fetch-client') : root;
  cpSync(join(packagesDir, 'types/src'), join(typesRoot, 'src'), { recursive: true });
  cpSync(join(packagesDir, 'fetch-client/src'), join(clientRoot, 'fetch-client/src'), { recursive: true });
  if (queryCore)
    cpSync(join(packagesDir, 'query-core/src'), join(root, 'query-core/src'), { recursive: true });
  // The client's and the types' own generated files, and query-core's when it is checked too.
  for (const file of files) {
    if (file.path.startsWith('../fetch-client/'))
      writeFileSync(join(clientRoot, file.path.slice(3)), file.contents);
    else if (queryCore && file.path.startsWith('../query-core/'))
      writeFileSync(join(root, file.path.slice(3)), file.contents);
    else if (file.path.startsWith('src/')) writeFileSync(join(typesRoot, file.path), file.contents);
  }
  writeFileSync(join(root, 'usage.ts'), usage);
  writeFileSync(
    join(root, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        types: ['node'],
        lib: ['ES2022', 'DOM', 'DOM.Iterable'],
        paths: {
          '@inference-infra/types': [join(typesRoot, 'src/index.ts')],
          '@inference-infra/fetch-client': [join(clientRoot, 'fetch-client/src/index.ts')],
        },
      },
      files: ['usage.ts'],
    }),
  );
  const { stdout } = await promisify(execFile)(process.execPath, [tscPath, '-p', root], { cwd: root }).catch(
    (error: { stdout?: string }) => ({ stdout: error.stdout ?? String(error) }),
  );
  return stdout;
}

describe('an operation added to the spec', () => {
  it('gets a typed resource method from pnpm generate, and the client compiles calling it', async () => {
    const document = withAddedOperation(original);
    const bundle = specBundleFromText(JSON.stringify(document, null, 2));
    const files = await generatedFiles(bundle);
    const resources = files.find((file) => file.path.endsWith('resources.gen.ts'))?.contents ?? '';
    expect(resources).toMatch(
      /export interface StorageResource \{[\s\S]*getVolume\(id: string, options\?: CallOptions\): APIPromise<WithRequestId<OperationResponse<'getVolume'>>>;/,
    );
    expect(resources).toContain('Get a persistent volume.');
    expect(resources).toContain(
      "core.call('GET', '/api/v1/storage/{id}', { params: { path: { id } } }, options)",
    );

    const usage = `import { createClient } from './fetch-client/src/index.js';
const client = createClient({ apiKey: 'ii_live_x' });
export const size: Promise<number> = client.${addedOperation.clientMethod}('vol_1').then(({ data }) => data.sizeGb);
// @ts-expect-error the id is a required path parameter
client.${addedOperation.clientMethod}();
`;
    expect(await typeCheckClientWith(files, usage)).toBe('');
  }, 180_000);

  it('fails the type check of a call that the spec does not allow (the proof can fail)', async () => {
    const files = await generatedFiles(readSpecBundle());
    const usage = `import { createClient } from './fetch-client/src/index.js';
createClient({ apiKey: 'ii_live_x' }).${addedOperation.clientMethod}('vol_1');
`;
    expect(await typeCheckClientWith(files, usage)).toMatch(/Property 'getVolume' does not exist/);
  }, 180_000);
});

describe('an operation renamed or removed in the spec', () => {
  it('types its method by the new operationId, leaving nothing under the old one', async () => {
    const renamed = await generate(withRenamedOperation(original, 'listInstanceTypes', 'listGpuOffers'));
    // Its public name is pinned in x-sdk, so the method keeps it while its types follow the new operationId.
    expect(renamed['resources.gen.ts']).toContain("listTypes(query?: OperationQuery<'listGpuOffers'>");
    expect(renamed['resources.gen.ts']).not.toContain('listInstanceTypes');
    expect(renamed['routes.gen.ts']).toContain('"operationId": "listGpuOffers"');
  });

  it('drops its method, and its resource when it was the only one', async () => {
    const removed = await generate(withoutOperation(original, 'listBillingTransactions'));
    expect(removed['resources.gen.ts']).not.toMatch(/listTransactions|BillingResource|pagePromise/);
    expect(removed['routes.gen.ts']).not.toContain('/api/v1/billing/transactions');
  });
});

describe('a paged operation with a path parameter added to the spec', () => {
  it("pages through the client, query-core's options and keys, and each framework's infinite query, typed", async () => {
    const files = await generatedFiles(specBundleFromText(JSON.stringify(withPagedPathOperation(original))));
    const { clientMethod, name } = pagedFixtureOperation;
    const camel = name.charAt(0).toLowerCase() + name.slice(1);
    const usage = `import { createClient } from '@inference-infra/fetch-client';
import { ${camel}InfiniteQueryOptions, ${camel}QueryOptions } from './query-core/src/index.js';
import { useInfinite${name} } from './query-core/src/vue/index.js';
import { createInfinite${name}Query } from './query-core/src/svelte/index.js';
import { useInfinite${name} as solidInfinite } from './query-core/src/solid/index.js';
import { injectInfinite${name}Query } from './query-core/src/angular/index.js';
const client = createClient({ apiKey: 'ii_live_x' });
// The id goes in the path; limit and the offset of each page in the query.
export const first = client.${clientMethod}('vol_1', { limit: 10 });
export const page = ${camel}QueryOptions(client, { id: 'vol_1', limit: 10 });
export const pages = ${camel}InfiniteQueryOptions(client, { id: 'vol_1', limit: 10 });
export const key: readonly unknown[] = pages.queryKey;
export const vue = () => useInfinite${name}({ id: 'vol_1', limit: 10 });
export const svelte = () => createInfinite${name}Query(() => ({ id: 'vol_1' }));
export const solid = () => solidInfinite(() => ({ id: 'vol_1' }));
export const angular = () => injectInfinite${name}Query(() => ({ id: 'vol_1' }));
// @ts-expect-error the id is a required path parameter
${camel}InfiniteQueryOptions(client, { limit: 10 });
`;
    const options =
      files.find((file) => file.path.endsWith('query-core/src/queryOptions.gen.ts'))?.contents ?? '';
    expect(options).toContain(
      `const { id, ...query } = params; return await client.${clientMethod}(id, { ...query, offset: pageParam }, { signal });`,
    );
    expect(await typeCheckClientWith(files, usage, { queryCore: true })).toBe('');
  }, 240_000);
});
