import { createClient } from '@inference-infra/fetch-client';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, inject, it } from 'vitest';
import { instanceTypesQueryOptions } from '../options.gen.js';
import { inferenceInfraKeys } from '../queryKeys.js';

const apiKey = 'ii_live_options0123456789';

describe('instanceTypesQueryOptions', () => {
  it('prefetches outside React, into the key the hook reads', async () => {
    const client = createClient({
      apiKey,
      platformUrl: inject('mockPlatformUrl'),
      dangerouslyAllowBrowser: true,
    });
    const queryClient = new QueryClient();
    await queryClient.prefetchQuery(instanceTypesQueryOptions(client, { region: 'us-east-1' }));
    const cached = queryClient.getQueryData(inferenceInfraKeys.instanceTypes.list({ region: 'us-east-1' }));
    expect(cached?.data.length).toBeGreaterThan(0);
  });

  it("hands TanStack's signal to the request, so cancelling the query aborts it", async () => {
    let abortedRequest: string | undefined;
    // Like a real fetch, it honours the signal of the Request as well as one passed in init.
    const hangingFetch = (request: Request | string | URL, init?: RequestInit) =>
      new Promise<Response>((_, reject) => {
        const signal = init?.signal ?? (request as Request).signal;
        signal.addEventListener('abort', () => {
          abortedRequest = (request as Request).url;
          reject(signal.reason);
        });
      });
    const client = createClient({
      apiKey,
      platformUrl: inject('mockPlatformUrl'),
      fetch: hangingFetch,
      dangerouslyAllowBrowser: true,
    });
    const queryClient = new QueryClient();
    const options = instanceTypesQueryOptions(client);
    void queryClient.fetchQuery(options).catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await queryClient.cancelQueries({ queryKey: options.queryKey });
    await expect.poll(() => abortedRequest).toMatch(/\/api\/v1\/instances\/types$/);
  });
});
