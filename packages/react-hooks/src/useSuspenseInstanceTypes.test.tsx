import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { setUpHooks } from './test/renderWithClient.js';
import { useSuspenseInstanceTypes } from './useSuspenseInstanceTypes.js';

function CheapestType() {
  const { data } = useSuspenseInstanceTypes();
  return <p>cheapest: {data.data[0]?.id}</p>;
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
});
