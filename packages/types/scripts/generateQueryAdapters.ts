import {
  type Framework as FrameworkName,
  type FrameworkNames,
  frameworkNamesOf,
} from '../src/specModel/frameworkNames.js';
import { generateReactOptionsSource } from './generateReactOptions.js';
import { importsUsed, jsDoc, type QueryOperation, queryOperationsOf } from './queryOperations.js';
import { generatedHeader, type SpecBundle } from './specBundle.js';

// Each framework's per-operation names (`useInstanceTypes`, `createInstanceTypesQuery`, ...) as one-line wrappers over
// the framework's generic primitives (`<framework>/primitives.ts`, hand-written), as TanStack's adapters wrap
// primitives, never operations. One file per framework, each name its own export, so a bundle that uses one
// operation's hook carries no other operation's code. The stream holders (`useChatCompletionStream`) and the client
// injection stay hand-written.

const generator = '@inference-infra/types scripts/generateQueryAdapters.ts';

/** How one framework takes parameters and names its wrappers. */
interface Framework {
  path: string;
  /** Where the framework's primitives, the options and the options types come from. */
  imports: string[];
  /** A query's parameters as the framework takes them (`MaybeRefOrGetter<P>`, `Accessor<P>`), and read (`params()`). */
  params(type: string, optional: boolean): { parameter: string; read: string };
  /** The options parameter(s) after the parameters, and the arguments that pass them to the primitive. */
  queryOptions(optionsType: string): { parameters: string; args: string };
  /** The stream query's options type (without `refetchMode`), and how its wrapper passes them. */
  streamQuery: 'split' | 'accessor';
  /** The framework's option types: query, infinite query, mutation. */
  optionTypes: { query: string; infinite: string; mutation: string };
  primitives: {
    query: string;
    suspense?: string;
    infinite: string;
    suspenseInfinite?: string;
    mutation: string;
    stream?: string;
  };
  /** The options builders: query-core's own names, or imported under another. */
  builder(name: string): string;
  prefix: string;
}

const accessorParams = (type: string, optional: boolean) => ({
  parameter: `params: Accessor<${type}>${optional ? ' = () => ({})' : ''}`,
  read: 'params()',
});
const accessorOptions = (optionsType: string) => ({
  parameters: `options: Accessor<${optionsType}> = () => ({}), { client }: ClientOption = {}`,
  args: 'options, client',
});
const plainOptions = (optionsType: string) => ({
  parameters: `options: ${optionsType} = {}`,
  args: 'options',
});

const viaPrimitive = (verb: string) => ({
  query: `${verb}OperationQuery`,
  infinite: `${verb}OperationInfiniteQuery`,
  mutation: `${verb}OperationMutation`,
  stream: `${verb}OperationStreamQuery`,
});

const frameworks: Record<FrameworkName, Framework> = {
  react: {
    path: '../react-hooks/src/hooks.gen.ts',
    imports: [
      "import type { InfiniteQueryHookOptions, MutationHookOptions, QueryHookOptions, SuspenseInfiniteQueryHookOptions, SuspenseQueryHookOptions } from './types.js';",
      "import { useOperationInfiniteQuery, useOperationMutation, useOperationQuery, useSuspenseOperationInfiniteQuery, useSuspenseOperationQuery } from './internal/primitives.js';",
    ],
    params: (type, optional) => ({ parameter: `params: ${type}${optional ? ' = {}' : ''}`, read: 'params' }),
    queryOptions: plainOptions,
    streamQuery: 'split',
    optionTypes: {
      query: 'QueryHookOptions',
      infinite: 'InfiniteQueryHookOptions',
      mutation: 'MutationHookOptions',
    },
    primitives: {
      ...viaPrimitive('use'),
      suspense: 'useSuspenseOperationQuery',
      suspenseInfinite: 'useSuspenseOperationInfiniteQuery',
    },
    builder: (name) => `core.${name}`,
    prefix: "import * as core from '@inference-infra/query-core';",
  },
  vue: {
    path: '../query-core/src/vue/operations.gen.ts',
    imports: [
      "import { type MaybeRefOrGetter, toValue } from 'vue';",
      "import type { VueInfiniteQueryOptions, VueMutationOptions, VueQueryOptions } from './types.js';",
      "import { useOperationInfiniteQuery, useOperationMutation, useOperationQuery } from './primitives.js';",
    ],
    // Spread inside the getter, so a reactive object's properties are read there and tracked.
    params: (type, optional) => ({
      parameter: `params: MaybeRefOrGetter<${type}>${optional ? ' = {}' : ''}`,
      read: '{ ...toValue(params) }',
    }),
    queryOptions: plainOptions,
    streamQuery: 'split',
    optionTypes: {
      query: 'VueQueryOptions',
      infinite: 'VueInfiniteQueryOptions',
      mutation: 'VueMutationOptions',
    },
    primitives: viaPrimitive('use'),
    builder: (name) => `core.${name}`,
    prefix: "import * as core from '../queryOptions.gen.js';",
  },
  solid: {
    path: '../query-core/src/solid/operations.gen.ts',
    imports: [
      "import type { Accessor } from 'solid-js';",
      "import type { ClientOption, SolidInfiniteQueryOptions, SolidMutationOptions, SolidQueryOptions } from './types.js';",
      "import { useOperationInfiniteQuery, useOperationMutation, useOperationQuery, useOperationStreamQuery } from './primitives.js';",
    ],
    params: accessorParams,
    queryOptions: accessorOptions,
    streamQuery: 'accessor',
    optionTypes: {
      query: 'SolidQueryOptions',
      infinite: 'SolidInfiniteQueryOptions',
      mutation: 'SolidMutationOptions',
    },
    primitives: viaPrimitive('use'),
    builder: (name) => `core.${name}`,
    prefix: "import * as core from '../queryOptions.gen.js';",
  },
  svelte: {
    path: '../query-core/src/svelte/operations.gen.ts',
    imports: [
      "import type { Accessor } from '../accessor.js';",
      "import type { ClientOption, SvelteInfiniteQueryOptions, SvelteMutationOptions, SvelteQueryOptions } from './types.js';",
      "import { createOperationInfiniteQuery, createOperationMutation, createOperationQuery, createOperationStreamQuery } from './primitives.js';",
    ],
    params: accessorParams,
    queryOptions: accessorOptions,
    streamQuery: 'accessor',
    optionTypes: {
      query: 'SvelteQueryOptions',
      infinite: 'SvelteInfiniteQueryOptions',
      mutation: 'SvelteMutationOptions',
    },
    primitives: viaPrimitive('create'),
    builder: (name) => `core.${name}`,
    prefix: "import * as core from '../queryOptions.gen.js';",
  },
  angular: {
    path: '../query-core/src/angular/operations.gen.ts',
    imports: [
      "import type { Accessor } from '../accessor.js';",
      "import type { AngularInfiniteQueryOptions, AngularMutationOptions, AngularQueryOptions, ClientOption } from './types.js';",
      "import { injectOperationInfiniteQuery, injectOperationMutation, injectOperationQuery, injectOperationStreamQuery } from './primitives.js';",
    ],
    params: accessorParams,
    queryOptions: accessorOptions,
    streamQuery: 'accessor',
    optionTypes: {
      query: 'AngularQueryOptions',
      infinite: 'AngularInfiniteQueryOptions',
      mutation: 'AngularMutationOptions',
    },
    primitives: viaPrimitive('inject'),
    builder: (name) => `core.${name}`,
    prefix: "import * as core from '../queryOptions.gen.js';",
  },
};

function wrappers(frameworkName: FrameworkName, framework: Framework, op: QueryOperation): string {
  const names: FrameworkNames = frameworkNamesOf(frameworkName, op.operation.sdk);
  const { name, Name } = op;
  const lines: string[] = [`// ${op.operationId}: ${op.operation.method} ${op.operation.path}`];
  const wrapper = (doc: string, signature: string, body: string) =>
    lines.push(jsDoc([...op.doc, '', doc]), `export function ${signature} {`, `  return ${body};`, '}');
  const params = (type: string | undefined) => (type ? framework.params(type, op.paramsOptional) : undefined);
  const query = (
    exported: string,
    primitive: string,
    optionsType: string,
    builder: string,
    paramsType?: string,
    doc = '',
  ) => {
    const p = params(paramsType);
    const o = framework.queryOptions(optionsType);
    const read = p ? `, ${p.read}` : '';
    wrapper(
      doc,
      `${exported}(${p ? `${p.parameter}, ` : ''}${o.parameters})`,
      `${primitive}((client) => ${framework.builder(builder)}(client${read}), ${o.args})`,
    );
  };
  const response = op.responseType;
  if (names.query) {
    query(
      names.query,
      framework.primitives.query,
      `${framework.optionTypes.query}<${response}, core.${Name}Key>`,
      `${name}QueryOptions`,
      op.paramsType,
      `The query of \`${name}QueryOptions\`.`,
    );
  }
  if (names.suspenseQuery && framework.primitives.suspense) {
    query(
      names.suspenseQuery,
      framework.primitives.suspense,
      `SuspenseQueryHookOptions<${response}, core.${Name}Key>`,
      `${name}QueryOptions`,
      op.paramsType,
      'For a `<Suspense>` boundary: `data` is always there; a failure goes to the error boundary.',
    );
  }
  if (names.infiniteQuery) {
    query(
      names.infiniteQuery,
      framework.primitives.infinite,
      `${framework.optionTypes.infinite}<${response}, core.${Name}InfiniteKey, number>`,
      `${name}InfiniteQueryOptions`,
      `core.${Name}PagingQuery`,
      'Every page, `limit` at a time: `fetchNextPage()` loads the next one, `hasNextPage` turns false at the end; a new query starts again from the first page.',
    );
  }
  if (names.suspenseInfiniteQuery && framework.primitives.suspenseInfinite) {
    query(
      names.suspenseInfiniteQuery,
      framework.primitives.suspenseInfinite,
      `SuspenseInfiniteQueryHookOptions<${response}, core.${Name}InfiniteKey, number>`,
      `${name}InfiniteQueryOptions`,
      `core.${Name}PagingQuery`,
      'The infinite query for a `<Suspense>` boundary: the first page is always in `data.pages`.',
    );
  }
  if (names.mutation) {
    const cache = op.cacheUpdate ? ', queryClient' : '';
    wrapper(
      `The mutation of \`${name}MutationOptions\`: \`mutate(variables)\`.${op.cacheUpdate ? ' An `onSuccess` given here runs after its cache update.' : ''}`,
      `${names.mutation}(options: ${framework.optionTypes.mutation}<WithRequestId<${response}>, core.${Name}Variables> = {})`,
      `${framework.primitives.mutation}((client${cache}) => ${framework.builder(`${name}MutationOptions`)}(client${cache}), options)`,
    );
  }
  if (names.streamQuery && names.streamQueryOptions) {
    const body = `core.${Name}StreamQueryBody`;
    lines.push(
      "/** The stream query's options: the framework's, and what a refetch does with the events cached. */",
      `export type ${names.streamQueryOptions} = ${framework.optionTypes.query}<${op.chunkType}[], core.${Name}StreamKey> & { refetchMode?: StreamRefetchMode };`,
    );
    const doc = `**Experimental** (on TanStack's \`experimental_streamedQuery\`): the streamed answer to \`body\` as a cached query, \`data\` the events that have arrived, in order. Each fetch is billable: keep it disabled until the user asks.`;
    if (framework.streamQuery === 'split') {
      const read = framework.params('x', false).read === 'params' ? 'body' : 'toValue(body)';
      const bodyType = read === 'body' ? body : `MaybeRefOrGetter<${body}>`;
      wrapper(
        doc,
        `${names.streamQuery}(body: ${bodyType}, { refetchMode, ...options }: ${names.streamQueryOptions} = {})`,
        `${framework.primitives.query}((client) => ${framework.builder(`${name}StreamQueryOptions`)}(client, ${read}, { refetchMode }), options)`,
      );
    } else {
      wrapper(
        doc,
        `${names.streamQuery}(body: Accessor<${body}>, options: Accessor<${names.streamQueryOptions}> = () => ({}), { client }: ClientOption = {})`,
        `${framework.primitives.stream}((client, refetchMode) => ${framework.builder(`${name}StreamQueryOptions`)}(client, body(), { refetchMode }), options, client)`,
      );
    }
  }
  return lines.join('\n');
}

function adapterSource(frameworkName: FrameworkName, bundle: SpecBundle): string {
  const framework = frameworks[frameworkName];
  const ops = queryOperationsOf(bundle);
  const body = ops.map((op) => wrappers(frameworkName, framework, op)).join('\n\n');
  const from = framework.path.startsWith('../react-hooks')
    ? '@inference-infra/query-core'
    : '../streamedQueryOptions.js';
  return `${generatedHeader(generator, bundle)}${importsUsed(['WithRequestId'], '@inference-infra/fetch-client', body)}${importsUsed(['components', 'OperationBody', 'OperationPathParams', 'OperationQuery', 'OperationResponse'], '@inference-infra/types', body)}${framework.prefix}
${importsUsed(['StreamRefetchMode'], from, body)}${framework.imports.join('\n')}

${body}
`;
}

/** Every framework's wrappers, and React's options builders, as generated files. */
export function generateQueryAdapterFiles(bundle: SpecBundle): { path: string; contents: string }[] {
  return [
    { path: '../react-hooks/src/options.gen.ts', contents: generateReactOptionsSource(bundle) },
    ...(Object.keys(frameworks) as FrameworkName[]).map((name) => ({
      path: frameworks[name].path,
      contents: adapterSource(name, bundle),
    })),
  ];
}
