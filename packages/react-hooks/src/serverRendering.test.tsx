import { createClient } from '@inference-infra/fetch-client';
import type { ListInstanceTypesQuery } from '@inference-infra/types';
import { type DehydratedState, dehydrate, HydrationBoundary, QueryClient } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, inject, it } from 'vitest';
import { useInstanceTypes } from './hooks.gen.js';
import { instanceTypesQueryOptions } from './options.gen.js';
import { inferenceInfraKeys } from './queryKeys.js';
import { apiKey, setUpHooks } from './test/renderWithClient.js';

/**
 * The server half, as a framework's loader or server component would run it: a QueryClient per request, the builder
 * prefetched into it, and the cache dehydrated into what goes down with the page (here through JSON, as on the wire).
 */
async function renderOnServer(query: ListInstanceTypesQuery): Promise<DehydratedState> {
  const client = createClient({
    apiKey,
    platformUrl: inject('mockPlatformUrl'),
    // Only because this "server" runs inside the test's DOM; a real server has no window and needs no flag.
    dangerouslyAllowBrowser: true,
  });
  const queryClient = new QueryClient();
  await queryClient.prefetchQuery(instanceTypesQueryOptions(client, query));
  return JSON.parse(JSON.stringify(dehydrate(queryClient))) as DehydratedState;
}

/** The page's component, unchanged between server and client rendering. */
function CheapestH100() {
  // Fresh for a minute, so the data the server sent is not fetched again the moment the page hydrates.
  const { data } = useInstanceTypes({ gpu_type: 'H100' }, { staleTime: 60_000 });
  return <p>{data ? `cheapest H100: ${data.data[0]?.id}` : 'loading'}</p>;
}

describe('server rendering with the options builders', () => {
  it('hydrates the prefetched instance types, shown at once without a request from the client', async () => {
    const state = await renderOnServer({ gpu_type: 'H100' });
    const { wrapper: Wrapper, fetchSpy, queryClient } = setUpHooks();

    render(
      <Wrapper>
        <HydrationBoundary state={state}>
          <CheapestH100 />
        </HydrationBoundary>
      </Wrapper>,
    );

    // On the first render, not after a loading state: the data came with the page.
    expect(screen.getByText(/^cheapest H100:/).textContent).toBe('cheapest H100: it_h100_1x_euw1_spot');
    await act(async () => undefined);
    expect(
      queryClient.getQueryData(inferenceInfraKeys.instanceTypes.list({ gpu_type: 'H100' }))?.data,
    ).toHaveLength(8);
    expect(queryClient.isFetching()).toBe(0);
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
