import type { SdkNames } from './sdkNames.js';

/**
 * An operation's names in one framework, each derived from its `x-sdk` name by the framework's own convention
 * (React and Vue `use…`, Svelte `create…`, Angular `inject…`, as each TanStack adapter names its primitives). One rule
 * read by the generators that write the wrappers and by the docs that show them, so a sample never names a function
 * the package does not export.
 */
export interface FrameworkNames {
  query?: string;
  suspenseQuery?: string;
  infiniteQuery?: string;
  suspenseInfiniteQuery?: string;
  mutation?: string;
  streamQuery?: string;
  /** The type of the stream query's options. */
  streamQueryOptions?: string;
  /** The hand-written stream holder of a streamed operation (`useChatCompletionStream`): start, content, abort. */
  streamHolder?: string;
}

export type Framework = 'react' | 'vue' | 'solid' | 'svelte' | 'angular';

/** Every framework, in the order the docs show their tabs. */
export const frameworks: readonly Framework[] = ['react', 'vue', 'svelte', 'solid', 'angular'];

type NameInputs = Pick<SdkNames, 'name' | 'kind' | 'paged' | 'streamed'>;

/** The verb each framework's primitives start with, and the prefix of its stream options' type. */
const conventions: Record<Framework, { verb: string; suffixed: boolean; typePrefix: string }> = {
  // React and Vue name a query and a mutation alike (`useInstanceTypes`, `useResizeVolume`); Svelte and Angular
  // suffix them, as `createQuery` / `injectMutation` do.
  react: { verb: 'use', suffixed: false, typePrefix: '' },
  vue: { verb: 'use', suffixed: false, typePrefix: 'Vue' },
  solid: { verb: 'use', suffixed: false, typePrefix: 'Solid' },
  svelte: { verb: 'create', suffixed: true, typePrefix: 'Svelte' },
  angular: { verb: 'inject', suffixed: true, typePrefix: 'Angular' },
};

/** The names of one operation in one framework. */
export function frameworkNamesOf(framework: Framework, sdk: NameInputs): FrameworkNames {
  const { verb, suffixed, typePrefix } = conventions[framework];
  const { name } = sdk;
  const suffix = (kind: string) => (suffixed ? kind : '');
  const react = framework === 'react';
  return {
    ...(sdk.kind === 'query'
      ? {
          query: `${verb}${name}${suffix('Query')}`,
          ...(react ? { suspenseQuery: `useSuspense${name}` } : {}),
        }
      : { mutation: `${verb}${name}${suffix('Mutation')}` }),
    ...(sdk.paged
      ? {
          infiniteQuery: `${verb}Infinite${name}${suffix('Query')}`,
          ...(react ? { suspenseInfiniteQuery: `useSuspenseInfinite${name}` } : {}),
        }
      : {}),
    ...(sdk.streamed
      ? {
          streamQuery: `${verb}${name}StreamQuery`,
          streamQueryOptions: `${typePrefix}${name}StreamQueryOptions`,
          streamHolder: `${verb}${name}Stream`,
        }
      : {}),
  };
}
