import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { specModelOf } from '@inference-infra/types/spec-model';
import { describe, expect, it } from 'vitest';
import * as hooks from './index.js';

// Every operation of the spec has its React names: the options builders, the hook, the suspense hook of a query, the
// infinite ones of a paged query, the stream and stream query of a streamed one. Restated here, not read from the
// generator, so a generator that drops or misnames one fails.

const require = createRequire(import.meta.url);
const { operations } = specModelOf(
  JSON.parse(readFileSync(require.resolve('@inference-infra/types/openapi.json'), 'utf8')),
);
const camel = (name: string) => name.charAt(0).toLowerCase() + name.slice(1);

describe('the React hooks', () => {
  it('have every operation of the spec', () => {
    const missing = operations.flatMap(({ sdk: { name, kind, paged, streamed } }) =>
      [
        `use${name}`,
        `${camel(name)}${kind === 'query' ? 'QueryOptions' : 'MutationOptions'}`,
        ...(kind === 'query' ? [`useSuspense${name}`] : []),
        ...(paged
          ? [`useInfinite${name}`, `useSuspenseInfinite${name}`, `${camel(name)}InfiniteQueryOptions`]
          : []),
        ...(streamed
          ? [`use${name}Stream`, `use${name}StreamQuery`, `${camel(name)}StreamQueryOptions`]
          : []),
      ].filter((exported) => typeof (hooks as Record<string, unknown>)[exported] !== 'function'),
    );
    expect(missing).toEqual([]);
  });
});
