import { APIError, createClient, RequestValidationError } from '@inference-infra/fetch-client';
import type { InstanceType, ListInstanceTypesResponse } from '@inference-infra/types';
import { QueryClient, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { describe, expectTypeOf, it } from 'vitest';
import { useInstanceTypes, useSuspenseInstanceTypes } from './hooks.gen.js';
import { instanceTypesQueryOptions } from './options.gen.js';
import type { InferenceInfraHookError } from './types.js';

const client = createClient({ apiKey: 'ii_live_types' });

describe('instance type hooks follow the spec', () => {
  it('type data as the spec answer and errors as the client errors', () => {
    const result = useInstanceTypes({ gpu_type: 'H100', gpu_count: 8 });
    expectTypeOf(result.data).toEqualTypeOf<ListInstanceTypesResponse | undefined>();
    expectTypeOf(result.error).toEqualTypeOf<InferenceInfraHookError | null>();
    if (result.isSuccess) expectTypeOf(result.data.data).toEqualTypeOf<InstanceType[]>();
    if (result.error instanceof APIError) expectTypeOf(result.error.status).toBeNumber();
    if (result.error instanceof RequestValidationError) {
      expectTypeOf(result.error.issues).toEqualTypeOf<ReadonlyArray<{ field: string; message: string }>>();
    }
  });

  it('give the suspense variant data that is always there', () => {
    expectTypeOf(useSuspenseInstanceTypes().data).toEqualTypeOf<ListInstanceTypesResponse>();
  });

  it('reject filters outside the spec', () => {
    // @ts-expect-error gpu_count is a number, not a string
    useInstanceTypes({ gpu_count: '8' });
    // @ts-expect-error there is no such filter
    useInstanceTypes({ gpu: 'H100' });
    // @ts-expect-error the key and the query function come from the builder
    useInstanceTypes({}, { queryKey: ['x'] });
  });

  it('tag the builder key with the data type, for typed cache reads', () => {
    const options = instanceTypesQueryOptions(client, { region: 'us-east-1' });
    expectTypeOf(new QueryClient().getQueryData(options.queryKey)).toEqualTypeOf<
      ListInstanceTypesResponse | undefined
    >();
    expectTypeOf(useSuspenseQuery(options).data).toEqualTypeOf<ListInstanceTypesResponse>();
    const cheapest = useQuery({ ...options, select: (answer) => answer.data[0]?.hourly_rate });
    expectTypeOf(cheapest.data).toEqualTypeOf<number | undefined>();
  });

  it('let the suspense variant take the options of useInstanceTypes that suspense allows', () => {
    useSuspenseInstanceTypes(
      {},
      { staleTime: 60_000, gcTime: 0, retry: undefined, meta: { screen: 'pricing' } },
    );
    useSuspenseInstanceTypes({}, { client, refetchOnWindowFocus: false, structuralSharing: false });
    // @ts-expect-error a suspense query always runs: TanStack's UseSuspenseQueryOptions has no enabled
    useSuspenseInstanceTypes({}, { enabled: false });
    // @ts-expect-error a suspense query has data before it renders, so there is nothing to hold a placeholder
    useSuspenseInstanceTypes({}, { placeholderData: undefined as never });
    // @ts-expect-error errors of a suspense query go to the error boundary: TanStack forbids throwOnError here
    useSuspenseInstanceTypes({}, { throwOnError: false });
    // @ts-expect-error the key and the query function come from the builder
    useSuspenseInstanceTypes({}, { queryFn: async () => ({ data: [] }) });
  });
});
