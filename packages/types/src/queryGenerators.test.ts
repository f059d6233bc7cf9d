import { describe, expect, it } from 'vitest';
import { generatedFiles } from '../scripts/generatedFiles.js';
import { readSpecBundle, specBundleFromText } from '../scripts/specBundle.js';

// An operation added to the spec reaches query-core's options and keys and every framework's names by regeneration
// alone: no x-sdk, no hand-written line.
describe('the query generators, given a new operation', () => {
  it('write its keys, options and a name in every framework', async () => {
    const document = structuredClone(readSpecBundle().document);
    const listTypes = document.paths['/api/v1/instances/types'];
    const { 'x-sdk': _pinned, ...operation } = listTypes.get;
    document.paths['/api/v1/gpu-pools'] = {
      ...listTypes,
      get: { ...operation, operationId: 'listGpuPools' },
    };
    const files = await generatedFiles(specBundleFromText(JSON.stringify(document)));
    const file = (end: string) => files.find((candidate) => candidate.path.endsWith(end))?.contents ?? '';

    expect(file('query-core/src/queryKeys.gen.ts')).toContain(
      'gpuPools: { all: gpuPoolsKeyPrefix, list: gpuPoolsKey }',
    );
    expect(file('query-core/src/queryOptions.gen.ts')).toContain(
      "export function gpuPoolsQueryOptions(client: InferenceInfraClient, params: OperationQuery<'listGpuPools'> = {})",
    );
    expect(file('query-core/src/queryOptions.gen.ts')).toContain(
      'client.instances.listGpuPools(params, { signal })',
    );
    for (const [end, name] of [
      ['react-hooks/src/hooks.gen.ts', 'useGpuPools'],
      ['react-hooks/src/hooks.gen.ts', 'useSuspenseGpuPools'],
      ['react-hooks/src/options.gen.ts', 'gpuPoolsQueryOptions'],
      ['vue/operations.gen.ts', 'useGpuPools'],
      ['solid/operations.gen.ts', 'useGpuPools'],
      ['svelte/operations.gen.ts', 'createGpuPoolsQuery'],
      ['angular/operations.gen.ts', 'injectGpuPoolsQuery'],
    ] as const) {
      expect(file(end), `${name} in ${end}`).toContain(`export function ${name}(`);
    }
  });
});
