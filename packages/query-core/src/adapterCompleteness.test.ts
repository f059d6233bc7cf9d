import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { specModelOf } from '@inference-infra/types/spec-model';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { inferenceInfraKeys } from './queryKeys.js';

// Every operation of the spec reaches every adapter: its options in the core, its query, infinite query, mutation and
// stream in each framework, under the names the README documents. The names are restated here, not read from the
// generator, so a generator that drops or misnames one fails. Read by TypeScript from the sources of each entry: Svelte
// and Angular entries cannot be imported into Node as they are.

const require = createRequire(import.meta.url);
const { operations } = specModelOf(
  JSON.parse(readFileSync(require.resolve('@inference-infra/types/openapi.json'), 'utf8')),
);
const camel = (name: string) => name.charAt(0).toLowerCase() + name.slice(1);

const entry = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const entries = {
  core: entry('./index.ts'),
  vue: entry('./vue/index.ts'),
  solid: entry('./solid/index.ts'),
  svelte: entry('./svelte/index.ts'),
  angular: entry('./angular/index.ts'),
};
const program = ts.createProgram(Object.values(entries), {
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  target: ts.ScriptTarget.ES2022,
  skipLibCheck: true,
  noEmit: true,
});
const checker = program.getTypeChecker();

/** The functions an entry exports, re-exports followed. */
function exportedFunctions(file: string): Set<string> {
  const source = program.getSourceFile(file);
  const module = source && checker.getSymbolAtLocation(source);
  if (!module) throw new Error(`TypeScript did not read ${file}`);
  const functions = checker.getExportsOfModule(module).filter((symbol) => {
    const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
    return (target.flags & (ts.SymbolFlags.Function | ts.SymbolFlags.Variable)) !== 0;
  });
  return new Set(functions.map((symbol) => symbol.name));
}

type Names = (name: string) => string;
const adapters: Record<
  string,
  { exports: string; query: Names; infinite: Names; mutation: Names; stream: Names; streamQuery: Names }
> = {
  vue: {
    exports: entries.vue,
    query: (n) => `use${n}`,
    infinite: (n) => `useInfinite${n}`,
    mutation: (n) => `use${n}`,
    stream: (n) => `use${n}Stream`,
    streamQuery: (n) => `use${n}StreamQuery`,
  },
  solid: {
    exports: entries.solid,
    query: (n) => `use${n}`,
    infinite: (n) => `useInfinite${n}`,
    mutation: (n) => `use${n}`,
    stream: (n) => `use${n}Stream`,
    streamQuery: (n) => `use${n}StreamQuery`,
  },
  svelte: {
    exports: entries.svelte,
    query: (n) => `create${n}Query`,
    infinite: (n) => `createInfinite${n}Query`,
    mutation: (n) => `create${n}Mutation`,
    stream: (n) => `create${n}Stream`,
    streamQuery: (n) => `create${n}StreamQuery`,
  },
  angular: {
    exports: entries.angular,
    query: (n) => `inject${n}Query`,
    infinite: (n) => `injectInfinite${n}Query`,
    mutation: (n) => `inject${n}Mutation`,
    stream: (n) => `inject${n}Stream`,
    streamQuery: (n) => `inject${n}StreamQuery`,
  },
};

/** The names an operation must have in an adapter, by what it is: a query, paged, a mutation, streamed. */
function expectedNames(sdk: (typeof operations)[number]['sdk'], names: (typeof adapters)[string]): string[] {
  return [
    sdk.kind === 'query' ? names.query(sdk.name) : names.mutation(sdk.name),
    ...(sdk.paged ? [names.infinite(sdk.name)] : []),
    ...(sdk.streamed ? [names.streamQuery(sdk.name), names.stream(sdk.name)] : []),
  ];
}

describe('every adapter is complete', () => {
  it('has the options of every operation of the spec', () => {
    const exported = exportedFunctions(entries.core);
    const missing = operations.flatMap(({ sdk }) =>
      [
        `${camel(sdk.name)}${sdk.kind === 'query' ? 'QueryOptions' : 'MutationOptions'}`,
        ...(sdk.paged ? [`${camel(sdk.name)}InfiniteQueryOptions`] : []),
        ...(sdk.streamed ? [`${camel(sdk.name)}StreamQueryOptions`] : []),
      ].filter((name) => !exported.has(name)),
    );
    expect(missing).toEqual([]);
  });

  it.each(Object.entries(adapters))('has every operation of the spec in %s', (_, names) => {
    const exported = exportedFunctions(names.exports);
    const missing = operations.flatMap(({ sdk }) =>
      expectedNames(sdk, names).filter((name) => !exported.has(name)),
    );
    expect(missing).toEqual([]);
  });

  it('has the keys of every operation under inferenceInfraKeys', () => {
    for (const { sdk } of operations) {
      const group = (inferenceInfraKeys as unknown as Record<string, Record<string, unknown>>)[sdk.key.group];
      expect(group?.[sdk.key.entry], `${sdk.key.group}.${sdk.key.entry}`).toBeDefined();
      expect(group?.all).toEqual(['inference-infra', sdk.key.segment]);
    }
  });
});
