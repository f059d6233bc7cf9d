import { clientCall, importsUsed, jsDoc, type QueryOperation, queryOperationsOf } from './queryOperations.js';
import { generatedHeader, type SpecBundle } from './specBundle.js';

// query-core's per-operation code: each operation's keys (`queryKeys.gen.ts`) and TanStack options
// (`queryOptions.gen.ts`), from the spec model. What the spec cannot say is written by hand beside them and composed
// here: the paging rule (offsetPaging.ts), the streamed query (streamedQueryOptions.ts), the retry rule
// (retryPolicy.ts) and the cache updates of cacheUpdates/<operationId>.ts.

const generator = '@inference-infra/types scripts/generateQueryCore.ts';
const root = 'inference-infra';

/** The TanStack data a key of the operation holds, by entry kind. */
function keyTypes(op: QueryOperation) {
  const { Name } = op;
  return {
    query: `${Name}Key`,
    infinite: `${Name}InfiniteKey`,
    stream: `${Name}StreamKey`,
    pagingQuery: `${Name}PagingQuery`,
    streamBody: `${Name}StreamQueryBody`,
    variables: `${Name}Variables`,
  };
}

/** The parameter list of a key or options function that takes the operation's parameters. */
function paramsParameter(op: QueryOperation, type = op.paramsType): string {
  if (!type) return '';
  return `params: ${type}${op.paramsOptional ? ' = {}' : ''}`;
}

function keySource(op: QueryOperation): string {
  const { name, key } = op;
  const types = keyTypes(op);
  const prefix = `'${root}', '${key.segment}'`;
  const lines = [`// ${op.operationId}: ${op.operation.method} ${op.operation.path}`];
  if (op.kind === 'query') {
    const params = op.paramsType ? `, ${op.paramsType}` : '';
    lines.push(
      `/** The key of \`${name}QueryOptions\`: what it caches, typed. */`,
      `export type ${types.query} = Tagged<readonly [${prefix}, '${key.entry}'${params}], ${op.responseType}>;`,
      `export const ${name}Key = (${paramsParameter(op)}): ${types.query} => taggedWith<${op.responseType}>()([...${key.group}KeyPrefix, '${key.entry}'${op.paramsType ? ', params' : ''}]);`,
    );
    if (op.paged) {
      lines.push(
        '/** The parameters of the infinite query: its own offset replaces the one of the parameters. */',
        `export type ${types.pagingQuery} = Omit<${op.paramsType}, 'offset'>;`,
        `/** The key of \`${name}InfiniteQueryOptions\`: every page loaded, typed. A page and the pages never share a key. */`,
        `export type ${types.infinite} = Tagged<readonly [${prefix}, 'infinite', ${types.pagingQuery}], InfiniteData<${op.responseType}, number>>;`,
        `export const ${name}InfiniteKey = (${paramsParameter(op, types.pagingQuery)}): ${types.infinite} => taggedWith<InfiniteData<${op.responseType}, number>>()([...${key.group}KeyPrefix, 'infinite', params]);`,
      );
    }
  } else {
    lines.push(
      `/** The mutation key of \`${name}MutationOptions\`, for \`useIsMutating\` and \`useMutationState\`. */`,
      `export const ${name}MutationKey = [${prefix}, '${key.entry}'] as const;`,
    );
  }
  if (op.streamed) {
    lines.push(
      '/** The body of the streamed query: a request without `stream`, which the query sets itself. */',
      `export type ${types.streamBody} = Omit<OperationBody<'${op.operationId}'>, 'stream'>;`,
      `/** Where the streamed query of \`${name}StreamQueryOptions\` caches the events of the answer, in order of arrival. */`,
      `export type ${types.stream} = Tagged<readonly [${prefix}, 'stream', ${types.streamBody}], ${op.chunkType}[]>;`,
      `export const ${name}StreamKey = (body: ${types.streamBody}): ${types.stream} => taggedWith<${op.chunkType}[]>()([...${key.group}KeyPrefix, 'stream', body]);`,
    );
  }
  return lines.join('\n');
}

/** `src/queryKeys.gen.ts` of query-core: each operation's keys, each group's prefix, and the groups together. */
export function generateQueryKeysSource(bundle: SpecBundle): string {
  const ops = queryOperationsOf(bundle);
  const groups = new Map<string, { segment: string; entries: string[] }>();
  for (const op of ops) {
    const group = groups.get(op.key.group) ?? { segment: op.key.segment, entries: [] };
    groups.set(op.key.group, group);
    const own = op.kind === 'query' ? `${op.name}Key` : `${op.name}MutationKey`;
    group.entries.push(`${op.key.entry}: ${own}`);
    if (op.paged) group.entries.push(`infinite: ${op.name}InfiniteKey`);
    if (op.streamed) group.entries.push(`stream: ${op.name}StreamKey`);
  }
  // Arrays written out, not spread from the root: a spread may run code, so a bundler would keep every one.
  const body = `// Each group's prefix: \`invalidateQueries({ queryKey })\` with it reaches every key of the group.
${[...groups].map(([group, { segment }]) => `export const ${group}KeyPrefix = ['${root}', '${segment}'] as const;`).join('\n')}

${ops.map(keySource).join('\n\n')}

/** Every operation's keys by group, each group with its prefix as \`all\`: \`inferenceInfraKeys\` is made of it. */
export const operationKeys = {
  all: keyRoot,
${[...groups].map(([group, { entries }]) => `  ${group}: { all: ${group}KeyPrefix, ${entries.join(', ')} },`).join('\n')}
};
`;
  return `${generatedHeader(generator, bundle)}${importsUsed(typeNames, '@inference-infra/types', body)}${importsUsed(['InfiniteData'], '@tanstack/query-core', body)}import { keyRoot, type Tagged, taggedWith } from './keyTag.js';

${body}`;
}

const typeNames = [
  'components',
  'OperationBody',
  'OperationPathParams',
  'OperationQuery',
  'OperationResponse',
];

function optionsSource(op: QueryOperation): string {
  const { name } = op;
  const types = keyTypes(op);
  const doc = (extra: string[]) => jsDoc([...op.doc, '', ...extra]);
  const params = paramsParameter(op);
  const clientParam = `client: InferenceInfraClient${params ? `, ${params}` : ''}`;
  // A query's path parameters are positional in the client's call; the rest of its parameters are the query.
  const destructured = op.pathNames.length ? `{ ${op.pathNames.join(', ')}, ...query }` : 'query';
  const call = (options: string, query = 'query') => clientCall(op, { query, options });
  const fetchWith = (options: string, query?: string) =>
    op.pathNames.length
      ? `{ const ${destructured} = params; return ${call(options, query)}; }`
      : call(options, query ?? 'params');
  const parts: string[] = [`// ${op.operationId}: ${op.operation.method} ${op.operation.path}`];
  if (op.kind === 'query') {
    const key = `${name}Key(${op.paramsType ? 'params' : ''})`;
    // Awaiting a PagePromise takes its first page only; paging is the infinite query's job.
    const queryFn = op.paged
      ? op.pathNames.length
        ? `async ({ signal }) => { const ${destructured} = params; return await ${call('{ signal }')}; }`
        : `async ({ signal }) => await ${call('{ signal }', 'params')}`
      : `({ signal }) => ${fetchWith('{ signal }')}`;
    parts.push(
      doc([
        "For any adapter's query, `queryClient.prefetchQuery` and server rendering alike; TanStack's signal aborts the",
        'request when the query is cancelled or its last observer leaves.',
      ]),
      `export function ${name}QueryOptions(${clientParam}): InferenceInfraQueryOptions<${op.responseType}, ${types.query}> {`,
      `  return { queryKey: ${key}, queryFn: ${queryFn}, retry: shouldRetryQuery };`,
      '}',
    );
    if (op.paged) {
      // The path parameters go in their places; the rest, with the page's offset, is the query.
      const pageFn = op.pathNames.length
        ? `async ({ pageParam, signal }) => { const ${destructured} = params; return await ${call('{ signal }', '{ ...query, offset: pageParam }')}; }`
        : `async ({ pageParam, signal }) => await ${call('{ signal }', '{ ...params, offset: pageParam }')}`;
      parts.push(
        doc([
          "Every page, `limit` at a time, for any adapter's infinite query or `queryClient.prefetchInfiniteQuery`. The page",
          "parameter is the offset; it advances by what each page held, by the client's paging rule.",
        ]),
        `export function ${name}InfiniteQueryOptions(client: InferenceInfraClient, ${paramsParameter(op, types.pagingQuery)}): InferenceInfraInfiniteQueryOptions<${op.responseType}, ${types.infinite}, number> {`,
        `  return { queryKey: ${name}InfiniteKey(params), queryFn: ${pageFn}, ...offsetPaging(params.limit), retry: shouldRetryQuery };`,
        '}',
      );
    }
  } else {
    const variableParts = [
      ...(op.pathNames.length || op.queryNames.length ? [op.paramsType as string] : []),
      ...(op.bodyType ? [op.bodyType] : []),
    ];
    const variablesType = variableParts.length ? variableParts.join(' & ') : 'void';
    const named = [...op.pathNames, ...op.queryNames];
    const input = named.length
      ? `({ ${named.join(', ')}${op.bodyType ? ', ...body' : ''} })`
      : op.bodyType
        ? '(body)'
        : '()';
    const query = op.queryNames.length ? `{ ${op.queryNames.join(', ')} }` : undefined;
    const body = op.streamed ? `{ ...body, stream: false }` : 'body';
    const cacheWriter = op.cacheUpdate ? ', queryClient: CacheWriter' : '';
    parts.push(
      '/** What `mutate` takes: the parameters and the body of the request, in one object. */',
      `export type ${types.variables} = ${variablesType};`,
      doc([
        'A mutation: it changes state or is billable, so it runs when asked and is never retried by TanStack.',
        ...(op.streamed
          ? [
              'The answer comes whole; the streamed one is `' +
                name +
                "StreamQueryOptions` or an adapter's stream.",
            ]
          : []),
        ...(op.cacheUpdate
          ? [
              `On success it updates the cache by \`cacheUpdates/${op.operationId}.ts\`, through the QueryClient given.`,
            ]
          : []),
      ]),
      `export function ${name}MutationOptions(client: InferenceInfraClient${cacheWriter}): InferenceInfraMutationOptions<WithRequestId<${op.responseType}>, ${types.variables}> {`,
      `  return { mutationKey: ${name}MutationKey, mutationFn: ${input} => ${clientCall(op, { query, body })}, retry: mutationRetry${op.cacheUpdate ? `, onSuccess: ${name}CacheUpdate(queryClient)` : ''} };`,
      '}',
    );
  }
  if (op.streamed) {
    parts.push(
      doc([
        "**Experimental**, as TanStack's `experimental_streamedQuery` it is built on: the streamed answer as a query,",
        '`data` the events that have arrived, in order (see `streamedQueryOptions`).',
      ]),
      `export function ${name}StreamQueryOptions(client: InferenceInfraClient, body: ${types.streamBody}, { refetchMode = 'reset' }: { refetchMode?: StreamRefetchMode | undefined } = {}): InferenceInfraQueryOptions<${op.chunkType}[], ${types.stream}> {`,
      `  return streamedQueryOptions(${name}StreamKey(body), (signal) => ${clientCall(op, { body: '{ ...body, stream: true }', options: '{ signal }' })}, refetchMode);`,
      '}',
    );
  }
  return parts.join('\n');
}

/** `src/queryOptions.gen.ts` of query-core: each operation's TanStack options, and the types they name. */
export function generateQueryOptionsSource(bundle: SpecBundle): string {
  const ops = queryOperationsOf(bundle);
  const keyExports = ops.flatMap((op) => {
    const types = keyTypes(op);
    return [
      ...(op.kind === 'query' ? [types.query] : []),
      ...(op.paged ? [types.pagingQuery, types.infinite] : []),
      ...(op.streamed ? [types.streamBody, types.stream] : []),
    ];
  });
  const keyImports = ops.flatMap((op) => [
    op.kind === 'query' ? `${op.name}Key` : `${op.name}MutationKey`,
    ...(op.paged ? [`${op.name}InfiniteKey`] : []),
    ...(op.streamed ? [`${op.name}StreamKey`] : []),
  ]);
  const cacheUpdates = ops.filter((op) => op.cacheUpdate);
  const body = ops.map(optionsSource).join('\n\n');
  return `${generatedHeader(generator, bundle)}${importsUsed(['InferenceInfraClient', 'WithRequestId'], '@inference-infra/fetch-client', body)}${importsUsed(typeNames, '@inference-infra/types', body)}${cacheUpdates.map((op) => `import { ${op.name}CacheUpdate } from './cacheUpdates/${op.operationId}.js';\n`).join('')}${importsUsed(['offsetPaging'], './offsetPaging.js', body, false)}import { ${[...keyExports.map((name) => `type ${name}`), ...keyImports].join(', ')} } from './queryKeys.gen.js';
${importsUsed(['mutationRetry', 'shouldRetryQuery'], './retryPolicy.js', body, false)}${importsUsed(['type StreamRefetchMode', 'streamedQueryOptions'], './streamedQueryOptions.js', body, false)}${importsUsed(['CacheWriter', 'InferenceInfraInfiniteQueryOptions', 'InferenceInfraMutationOptions', 'InferenceInfraQueryOptions'], './types.js', body)}
// The types the options name are public: each adapter's declarations name them (TS4058).
export type { ${keyExports.join(', ')} };

${body}
`;
}
