import type {
  ListBillingTransactionsResponse,
  ListInstanceTypesResponse,
  PersistentVolume,
  ResizeVolumeResponse,
} from '@inference-infra/types';
import { describe, expectTypeOf, it } from 'vitest';
import type { CallPipeline } from './callPipeline.js';
import type { OperationKey } from './operations.js';
import type { routes } from './routes.gen.js';
import type { WithRequestId } from './withRequestId.js';

declare const core: CallPipeline;

describe('what resources call is typed from the spec', () => {
  it('types the answer of each operation from its path', () => {
    expectTypeOf(core.call('GET', '/api/v1/instances/types', {})).resolves.toEqualTypeOf<
      WithRequestId<ListInstanceTypesResponse>
    >();
    expectTypeOf(
      core.call('PATCH', '/api/v1/storage/{id}', { params: { path: { id: 'v' } }, body: { size_gb: 20 } }),
    ).resolves.toEqualTypeOf<WithRequestId<ResizeVolumeResponse>>();
  });

  it('refuses a path the spec does not have, or a method its path does not take', () => {
    // @ts-expect-error no such path in the spec
    void core.call('GET', '/api/v1/instances/kinds', {});
    // @ts-expect-error /embeddings is POST only
    void core.call('GET', '/embeddings', {});
    // @ts-expect-error the platform paths live under /api/v1
    void core.call('GET', '/instances/types', {});
  });

  it('refuses a body or parameters that break the spec', () => {
    const params = { path: { id: 'v' } };
    // @ts-expect-error size_gb is a number
    void core.call('PATCH', '/api/v1/storage/{id}', { params, body: { size_gb: '20' } });
    // @ts-expect-error the body field is size_gb, not sizeGb
    void core.call('PATCH', '/api/v1/storage/{id}', { params, body: { sizeGb: 20 } });
    // @ts-expect-error the resize path needs its id
    void core.call('PATCH', '/api/v1/storage/{id}', { body: { size_gb: 20 } });
    // @ts-expect-error embeddings need a model and an input
    void core.call('POST', '/embeddings', { body: { input: 'hi' } });
    // @ts-expect-error 'foo' is not a transaction type
    void core.call('GET', '/api/v1/billing/transactions', { params: { query: { type: 'foo' } } });
  });

  it('refuses to hand an answer on as the type of another operation', () => {
    // @ts-expect-error the instance type list is not a volume
    const volume: Promise<WithRequestId<PersistentVolume>> = core.call('GET', '/api/v1/instances/types', {});
    // @ts-expect-error nor a page of transactions
    const page: Promise<WithRequestId<ListBillingTransactionsResponse>> = core.call(
      'GET',
      '/api/v1/instances/types',
      {},
    );
    void volume;
    void page;
  });
});

describe('the route table', () => {
  it('has a route for every operation of the spec, and no other', () => {
    type KeyOfTable = {
      [Method in keyof typeof routes]: `${Method} ${keyof (typeof routes)[Method] & string}`;
    }[keyof typeof routes];
    expectTypeOf<KeyOfTable>().toEqualTypeOf<OperationKey>();
  });

  it('keeps each route literal, so a resource knows its operationId at compile time', () => {
    expectTypeOf<
      (typeof routes)['PATCH']['/api/v1/storage/{id}']['operationId']
    >().toEqualTypeOf<'resizeVolume'>();
    expectTypeOf<(typeof routes)['PATCH']['/api/v1/storage/{id}']['stateChanging']>().toEqualTypeOf<true>();
  });
});
