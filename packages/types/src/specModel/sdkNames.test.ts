import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readSpecBundle } from '../../scripts/specBundle.js';
import { derivedSdkNames, type SdkNameInputs, sdkNamesOf } from './sdkNames.js';
import { specModelOf } from './specModel.js';

const bundled = specModelOf(readSpecBundle().document);

const inputs = (overrides: Partial<SdkNameInputs> = {}): SdkNameInputs => ({
  operationId: 'listWidgets',
  method: 'GET',
  tags: ['Widgets'],
  queryParameterNames: [],
  answerHasMeta: false,
  answerStreams: false,
  bodyHasStreamFlag: false,
  ...overrides,
});

describe('the names of each operation of the bundled spec', () => {
  it('are the public names of today: methods, hooks, kinds, paging and streams', () => {
    expect(
      Object.fromEntries(
        bundled.operations.map(({ operationId, sdk }) => [
          operationId,
          [sdk.method, `use${sdk.name}`, sdk.kind, sdk.paged, sdk.streamed, sdk.openai ?? null],
        ]),
      ),
    ).toEqual({
      createChatCompletion: [
        'chat.completions.create',
        'useChatCompletion',
        'mutation',
        false,
        true,
        'chat.completions.create',
      ],
      generateImages: ['images.generate', 'useGenerateImages', 'mutation', false, false, 'images.generate'],
      createEmbeddings: ['embeddings.create', 'useEmbeddings', 'mutation', false, false, 'embeddings.create'],
      listInstanceTypes: ['instances.listTypes', 'useInstanceTypes', 'query', false, false, null],
      resizeVolume: ['storage.resize', 'useResizeVolume', 'mutation', false, false, null],
      listBillingTransactions: [
        'billing.listTransactions',
        'useBillingTransactions',
        'query',
        true,
        false,
        null,
      ],
    });
  });

  it('pin in x-sdk only what the rule does not give', () => {
    for (const operation of bundled.operations) {
      const derived = derivedSdkNames({
        operationId: operation.operationId,
        method: operation.method,
        tags: operation.tags,
        queryParameterNames: operation.parameters.filter((p) => p.in === 'query').map((p) => p.name),
        answerHasMeta: operation.sdk.paged,
        answerStreams: operation.sdk.streamed,
        bodyHasStreamFlag: operation.sdk.streamed,
      });
      const extension = (bundled.document.paths as Record<string, Record<string, Record<string, unknown>>>)[
        operation.path
      ]?.[operation.method.toLowerCase()]?.['x-sdk'] as Record<string, unknown> | undefined;
      for (const key of ['method', 'name', 'kind', 'paged'] as const) {
        if (extension?.[key] !== undefined)
          expect(extension[key], `${operation.operationId} ${key}`).not.toEqual(derived[key]);
      }
    }
  });
});

describe('the naming rule, for an operation without x-sdk', () => {
  it('names the resource by the first tag and the method by the operationId', () => {
    expect(derivedSdkNames(inputs({ tags: ['GPU pools'], operationId: 'listPools' }))).toMatchObject({
      method: 'gpuPools.listPools',
      resourcePath: ['gpuPools'],
      methodName: 'listPools',
      name: 'Pools',
      kind: 'query',
    });
  });

  it('keeps a mutation verb in the base name and drops list/get from a query', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('list', 'get', 'create', 'delete', 'resize'),
        fc.stringMatching(/^[A-Z][a-z]{1,8}$/),
        fc.constantFrom('GET', 'POST', 'PATCH', 'DELETE', 'PUT'),
        (verb, noun, method) => {
          const names = derivedSdkNames(inputs({ operationId: `${verb}${noun}`, method }));
          const query = method === 'GET';
          expect(names.kind).toBe(query ? 'query' : 'mutation');
          const expected =
            query && (verb === 'list' || verb === 'get')
              ? noun
              : `${verb[0]?.toUpperCase()}${verb.slice(1)}${noun}`;
          expect(names.name).toBe(expected);
        },
      ),
      { seed: Number(process.env.FUZZ_SEED ?? 44) },
    );
  });

  it('pages only a read that takes limit and offset and answers meta', () => {
    const all = { queryParameterNames: ['limit', 'offset'], answerHasMeta: true };
    expect(derivedSdkNames(inputs(all)).paged).toBe(true);
    expect(derivedSdkNames(inputs({ ...all, answerHasMeta: false })).paged).toBe(false);
    expect(derivedSdkNames(inputs({ ...all, queryParameterNames: ['limit'] })).paged).toBe(false);
    expect(derivedSdkNames(inputs({ ...all, method: 'POST' })).paged).toBe(false);
  });

  it('streams only an answer with an event schema asked for by a stream flag', () => {
    expect(derivedSdkNames(inputs({ answerStreams: true, bodyHasStreamFlag: true })).streamed).toBe(true);
    expect(derivedSdkNames(inputs({ answerStreams: true })).streamed).toBe(false);
  });
});

describe('x-sdk refusals name the operation, the key and the rule', () => {
  it.each([
    [{ methd: 'a.b' }, /x-sdk of listWidgets: unknown key "methd"/],
    [{ method: 'noResource' }, /method must be a dotted path/],
    [{ name: 'lowercase' }, /name must be a PascalCase identifier/],
    [{ kind: 'read' }, /kind must be "query" or "mutation"/],
    [{ paged: 'yes' }, /paged must be true or false/],
    [[], /must be an object/],
  ])('refuses %j', (extension, message) => {
    expect(() => sdkNamesOf(extension, inputs())).toThrow(message);
  });

  it('refuses two operations with one method', () => {
    const document = structuredClone(readSpecBundle().document) as {
      paths: Record<string, Record<string, Record<string, unknown>>>;
    };
    (document.paths['/api/v1/billing/transactions']?.get ?? {})['x-sdk'] = { method: 'instances.listTypes' };
    expect(() => specModelOf(document)).toThrow(
      /listInstanceTypes and listBillingTransactions both have the x-sdk method "instances.listTypes"/,
    );
  });
});

describe('the cache keys of each operation', () => {
  it('are where the keys of today are: inferenceInfraKeys[group][entry], under their segment', () => {
    expect(
      Object.fromEntries(bundled.operations.map(({ operationId, sdk }) => [operationId, sdk.key])),
    ).toEqual({
      createChatCompletion: { group: 'chat', segment: 'chat', entry: 'completion' },
      generateImages: { group: 'images', segment: 'images', entry: 'generate' },
      createEmbeddings: { group: 'embeddings', segment: 'embeddings', entry: 'create' },
      listInstanceTypes: { group: 'instanceTypes', segment: 'instanceTypes', entry: 'list' },
      resizeVolume: { group: 'volumes', segment: 'volumes', entry: 'resize' },
      listBillingTransactions: { group: 'billing', segment: 'billingTransactions', entry: 'page' },
    });
  });

  it('follow the rule with no x-sdk: the camel-cased name, then list, detail, page or the method', () => {
    expect(derivedSdkNames(inputs()).key).toEqual({ group: 'widgets', segment: 'widgets', entry: 'list' });
    expect(derivedSdkNames(inputs({ operationId: 'getWidget' })).key).toEqual({
      group: 'widget',
      segment: 'widget',
      entry: 'detail',
    });
    expect(derivedSdkNames(inputs({ operationId: 'deleteWidget', method: 'DELETE' })).key.entry).toBe(
      'deleteWidget',
    );
  });

  it('take a pinned group, segment or entry, the segment following the group', () => {
    expect(sdkNamesOf({ key: { group: 'gadgets' } }, inputs()).key).toEqual({
      group: 'gadgets',
      segment: 'gadgets',
      entry: 'list',
    });
    expect(() => sdkNamesOf({ key: { groop: 'x' } }, inputs())).toThrow(/unknown key "key.groop"/);
    expect(() => sdkNamesOf({ key: { entry: 'a-b' } }, inputs())).toThrow(/key.entry must be an identifier/);
    expect(() => sdkNamesOf({ key: 'widgets' }, inputs())).toThrow(/key must be an object/);
  });

  it('refuse two operations in one place, or one group under two segments', () => {
    const document = structuredClone(readSpecBundle().document);
    document.paths['/api/v1/billing/transactions'].get['x-sdk'].key = {
      group: 'instanceTypes',
      entry: 'list',
    };
    expect(() => specModelOf(document)).toThrow(/both have the key instanceTypes.list/);
    document.paths['/api/v1/billing/transactions'].get['x-sdk'].key = { group: 'chat', segment: 'talk' };
    expect(() => specModelOf(document)).toThrow(/group chat under two segments/);
  });
});
