import { importsUsed, jsDoc, queryOperationsOf } from './queryOperations.js';
import { generatedHeader, type SpecBundle } from './specBundle.js';

// react-hooks' options builders (`src/options.gen.ts`): query-core's per operation, typed by react-query's own
// `queryOptions` / `infiniteQueryOptions`, so `useQuery`, `useSuspenseQuery` and `prefetchQuery` infer from them.

const generator = '@inference-infra/types scripts/generateReactOptions.ts';

/** The React options builders: query-core's, given react-query's types by its `queryOptions` helpers. */
export function generateReactOptionsSource(bundle: SpecBundle): string {
  const ops = queryOperationsOf(bundle);
  const lines: string[] = [];
  const typeExports: string[] = [];
  for (const op of ops) {
    const { name, Name } = op;
    const response = op.responseType;
    lines.push(`// ${op.operationId}: ${op.operation.method} ${op.operation.path}`);
    const params = op.paramsType ? `, params: ${op.paramsType}${op.paramsOptional ? ' = {}' : ''}` : '';
    if (op.kind === 'query') {
      lines.push(
        jsDoc([
          ...op.doc,
          '',
          'For `useQuery`, `useSuspenseQuery`, `queryClient.prefetchQuery` and server rendering alike.',
        ]),
        `export function ${name}QueryOptions(client: InferenceInfraClient${params}) {`,
        `  return queryOptions<${response}, InferenceInfraHookError, ${response}, core.${Name}Key>(core.${name}QueryOptions(client${op.paramsType ? ', params' : ''}));`,
        '}',
      );
    } else {
      typeExports.push(`${Name}Variables`);
      const cache = op.cacheUpdate ? ', queryClient: QueryClient' : '';
      lines.push(
        jsDoc([
          ...op.doc,
          '',
          'For `useMutation`; never retried by TanStack, as the call changes state or is billable.',
        ]),
        `export function ${name}MutationOptions(client: InferenceInfraClient${cache}): UseMutationOptions<WithRequestId<${response}>, InferenceInfraHookError, core.${Name}Variables> {`,
        `  return core.${name}MutationOptions(client${op.cacheUpdate ? ', queryClient' : ''});`,
        '}',
      );
    }
    if (op.paged) {
      typeExports.push(`${Name}PagingQuery`);
      lines.push(
        jsDoc([
          ...op.doc,
          '',
          "For `useInfiniteQuery` or `queryClient.prefetchInfiniteQuery`: the offset advances by the client's paging rule.",
        ]),
        `export function ${name}InfiniteQueryOptions(client: InferenceInfraClient, params: core.${Name}PagingQuery${op.paramsOptional ? ' = {}' : ''}) {`,
        `  return infiniteQueryOptions<${response}, InferenceInfraHookError, InfiniteData<${response}, number>, core.${Name}InfiniteKey, number>(core.${name}InfiniteQueryOptions(client, params));`,
        '}',
      );
    }
    if (op.streamed) {
      typeExports.push(`${Name}StreamQueryBody`);
      lines.push(
        jsDoc([
          ...op.doc,
          '',
          "**Experimental** (TanStack's `experimental_streamedQuery`): the streamed answer as a query, `data` the events so far.",
        ]),
        `export function ${name}StreamQueryOptions(client: InferenceInfraClient, body: core.${Name}StreamQueryBody, options: { refetchMode?: StreamRefetchMode } = {}) {`,
        `  return queryOptions<${op.chunkType}[], InferenceInfraHookError, ${op.chunkType}[], core.${Name}StreamKey>(core.${name}StreamQueryOptions(client, body, options));`,
        '}',
      );
    }
    lines.push('');
  }
  const body = lines.join('\n');
  return `${generatedHeader(generator, bundle)}import type { InferenceInfraClient${body.includes('WithRequestId') ? ', WithRequestId' : ''} } from '@inference-infra/fetch-client';
import * as core from '@inference-infra/query-core';
${importsUsed(['StreamRefetchMode'], '@inference-infra/query-core', body)}${importsUsed(['components', 'OperationBody', 'OperationPathParams', 'OperationQuery', 'OperationResponse'], '@inference-infra/types', body)}${importsUsed(['infiniteQueryOptions', 'queryOptions'], '@tanstack/react-query', body, false)}${importsUsed(['InfiniteData', 'QueryClient', 'UseMutationOptions'], '@tanstack/react-query', body)}import type { InferenceInfraHookError } from './types.js';

// The types the builders and hooks take, public beside them.
export type { ${typeExports.join(', ')} } from '@inference-infra/query-core';

${body}`;
}
