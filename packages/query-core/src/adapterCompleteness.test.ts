import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { specModelOf } from '@inference-infra/types/spec-model';
import { describe, expect, it } from 'vitest';
import * as angular from './angular/index.js';
import * as core from './index.js';
import * as solid from './solid/index.js';
import * as svelte from './svelte/index.js';
import * as vue from './vue/index.js';

// Every operation of the spec reaches every adapter: its options in the core, its query, infinite query, mutation and
// stream in each framework, under the names the README documents. The names are restated here, not read from the
// generator, so a generator that drops or misnames one fails.

const require = createRequire(import.meta.url);
const { operations } = specModelOf(
  JSON.parse(readFileSync(require.resolve('@inference-infra/types/openapi.json'), 'utf8')),
);
const camel = (name: string) => name.charAt(0).toLowerCase() + name.slice(1);

type Names = (name: string) => string;
const adapters: Record<
  string,
  { exports: object; query: Names; infinite: Names; mutation: Names; stream: Names; streamQuery: Names }
> = {
  vue: {
    exports: vue,
    query: (n) => `use${n}`,
    infinite: (n) => `useInfinite${n}`,
    mutation: (n) => `use${n}`,
    stream: (n) => `use${n}Stream`,
    streamQuery: (n) => `use${n}StreamQuery`,
  },
  solid: {
    exports: solid,
    query: (n) => `use${n}`,
    infinite: (n) => `useInfinite${n}`,
    mutation: (n) => `use${n}`,
    stream: (n) => `use${n}Stream`,
    streamQuery: (n) => `use${n}StreamQuery`,
  },
  svelte: {
    exports: svelte,
    query: (n) => `create${n}Query`,
    infinite: (n) => `createInfinite${n}Query`,
    mutation: (n) => `create${n}Mutation`,
    stream: (n) => `create${n}Stream`,
    streamQuery: (n) => `create${n}StreamQuery`,
  },
  angular: {
    exports: angular,
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
    const missing = operations.flatMap(({ sdk }) =>
      [
        `${camel(sdk.name)}${sdk.kind === 'query' ? 'QueryOptions' : 'MutationOptions'}`,
        ...(sdk.paged ? [`${camel(sdk.name)}InfiniteQueryOptions`] : []),
        ...(sdk.streamed ? [`${camel(sdk.name)}StreamQueryOptions`] : []),
      ].filter((name) => typeof (core as Record<string, unknown>)[name] !== 'function'),
    );
    expect(missing).toEqual([]);
  });

  it.each(Object.entries(adapters))('has every operation of the spec in %s', (_, names) => {
    const missing = operations.flatMap(({ sdk }) =>
      expectedNames(sdk, names).filter(
        (name) => typeof (names.exports as Record<string, unknown>)[name] !== 'function',
      ),
    );
    expect(missing).toEqual([]);
  });

  it('has the keys of every operation under inferenceInfraKeys', () => {
    for (const { sdk } of operations) {
      const group = (core.inferenceInfraKeys as unknown as Record<string, Record<string, unknown>>)[
        sdk.key.group
      ];
      expect(group?.[sdk.key.entry], `${sdk.key.group}.${sdk.key.entry}`).toBeDefined();
      expect(group?.all).toEqual(['inference-infra', sdk.key.segment]);
    }
  });
});
