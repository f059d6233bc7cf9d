import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readSpecBundle } from '../../scripts/specBundle.js';
import { frameworkNamesOf, frameworks } from './frameworkNames.js';
import { specModelOf } from './specModel.js';

const bundled = specModelOf(readSpecBundle().document);
const sdkOf = (operationId: string) => {
  const operation = bundled.operations.find((o) => o.operationId === operationId);
  if (!operation) throw new Error(`no ${operationId} in the bundled spec`);
  return operation.sdk;
};

describe("each framework's names of today's operations, as the packages export and the READMEs show them", () => {
  it.each([
    ['react', 'listInstanceTypes', { query: 'useInstanceTypes', suspenseQuery: 'useSuspenseInstanceTypes' }],
    ['vue', 'listInstanceTypes', { query: 'useInstanceTypes' }],
    ['svelte', 'listInstanceTypes', { query: 'createInstanceTypesQuery' }],
    ['angular', 'resizeVolume', { mutation: 'injectResizeVolumeMutation' }],
    ['solid', 'resizeVolume', { mutation: 'useResizeVolume' }],
    ['svelte', 'listBillingTransactions', { infiniteQuery: 'createInfiniteBillingTransactionsQuery' }],
    [
      'react',
      'createChatCompletion',
      {
        mutation: 'useChatCompletion',
        streamQuery: 'useChatCompletionStreamQuery',
        streamQueryOptions: 'ChatCompletionStreamQueryOptions',
        streamHolder: 'useChatCompletionStream',
      },
    ],
    ['angular', 'createChatCompletion', { streamHolder: 'injectChatCompletionStream' }],
    ['vue', 'createChatCompletion', { streamQueryOptions: 'VueChatCompletionStreamQueryOptions' }],
  ] as const)('%s: %s', (framework, operationId, expected) => {
    expect(frameworkNamesOf(framework, sdkOf(operationId))).toMatchObject(expected);
  });
});

describe('the rule over every name the spec model can give', () => {
  const inputs = fc.record({
    name: fc.stringMatching(/^[A-Z][A-Za-z0-9]{0,20}$/),
    kind: fc.constantFrom('query' as const, 'mutation' as const),
    paged: fc.boolean(),
    streamed: fc.boolean(),
  });

  it('gives identifiers, distinct within a framework, one per shape the operation has', () => {
    fc.assert(
      fc.property(inputs, fc.constantFrom(...frameworks), (sdk, framework) => {
        const names = frameworkNamesOf(framework, sdk);
        const values = Object.values(names);
        for (const value of values) expect(value).toMatch(/^[A-Za-z_$][\w$]*$/);
        expect(new Set(values).size).toBe(values.length);
        expect(names.query !== undefined).toBe(sdk.kind === 'query');
        expect(names.mutation !== undefined).toBe(sdk.kind === 'mutation');
        expect(names.infiniteQuery !== undefined).toBe(sdk.paged);
        expect(names.streamHolder !== undefined).toBe(sdk.streamed);
      }),
    );
  });
});
