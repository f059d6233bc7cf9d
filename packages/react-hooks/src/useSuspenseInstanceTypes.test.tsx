import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { useSuspenseInstanceTypes } from './hooks.gen.js';
import { inferenceInfraKeys } from './queryKeys.js';
import { setUpHooks } from './test/renderWithClient.js';

function CheapestType() {
  const { data } = useSuspenseInstanceTypes();
  return <p>cheapest: {data.data[0]?.id}</p>;
}

/** Reads the H100 types with a `meta` and a `gcTime` (suspense raises any below 1 s) that the test looks for in the query cache. */
function Tagged() {
  const { data } = useSuspenseInstanceTypes(
    { gpu_type: 'H100' },
    { meta: { screen: 'pricing' }, gcTime: 60_000 },
  );
  return <p>types: {data.data.length}</p>;
}

describe('useSuspenseInstanceTypes', () => {
  it('suspends while loading, then renders with data always present', async () => {
    const { wrapper: Wrapper } = setUpHooks();
    render(
      <Wrapper>
        <Suspense fallback={<p>loading</p>}>
          <CheapestType />
        </Suspense>
      </Wrapper>,
    );
    expect(screen.getByText('loading')).toBeTruthy();
    expect((await screen.findByText(/^cheapest:/)).textContent).toBe('cheapest: it_a10g_1x_euw1_spot');
  });

  it('passes TanStack options through, as useInstanceTypes does', async () => {
    const { wrapper: Wrapper, queryClient } = setUpHooks();
    render(
      <Wrapper>
        <Suspense fallback={<p>loading</p>}>
          <Tagged />
        </Suspense>
      </Wrapper>,
    );
    expect((await screen.findByText(/^types:/)).textContent).toBe('types: 8');
    const query = queryClient
      .getQueryCache()
      .find({ queryKey: inferenceInfraKeys.instanceTypes.list({ gpu_type: 'H100' }) });
    expect(query?.meta).toEqual({ screen: 'pricing' });
    expect(query?.gcTime).toBe(60_000);
  });
});
