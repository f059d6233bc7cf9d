import { createClient } from '@inference-infra/fetch-client';
import { QueryClient } from '@tanstack/query-core';
import { describe, expect, inject, it } from 'vitest';
import { inferenceInfraKeys } from '../queryKeys.js';
import { instanceTypesQueryOptions } from '../queryOptions.gen.js';

const apiKey = 'ii_live_coreoptions0123456789';

describe('instanceTypesQueryOptions, with no framework', () => {
  it('fetches the filtered types into the key every adapter reads', async () => {
    const client = createClient({ apiKey, platformUrl: inject('mockPlatformUrl') });
    const queryClient = new QueryClient();
    await queryClient.prefetchQuery(instanceTypesQueryOptions(client, { gpu_type: 'H100', gpu_count: 8 }));
    const cached = queryClient.getQueryData(
      inferenceInfraKeys.instanceTypes.list({ gpu_count: 8, gpu_type: 'H100' }),
    );
    expect(cached?.data.map((type) => type.id).sort()).toEqual(['it_h100_8x_euw1', 'it_h100_8x_use1']);
  });

  it("hands TanStack's signal to the request, so cancelling the query aborts it", async () => {
    let aborted = false;
    let started: () => void = () => undefined;
    const requestSent = new Promise<void>((resolve) => {
      started = resolve;
    });
    const hangingFetch = (request: Request | string | URL, init?: RequestInit) =>
      new Promise<Response>((_, reject) => {
        const signal = init?.signal ?? (request as Request).signal;
        started();
        signal.addEventListener('abort', () => {
          aborted = true;
          reject(signal.reason);
        });
      });
    const client = createClient({ apiKey, platformUrl: inject('mockPlatformUrl'), fetch: hangingFetch });
    const queryClient = new QueryClient();
    const options = instanceTypesQueryOptions(client);
    void queryClient.fetchQuery(options).catch(() => undefined);
    await requestSent;
    await queryClient.cancelQueries({ queryKey: options.queryKey });
    await expect.poll(() => aborted).toBe(true);
  });
});
