import { RequestValidationError } from '@inference-infra/fetch-client';
import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useBillingTransactions } from './hooks.gen.js';
import { setUpHooks } from './test/renderWithClient.js';

describe('useBillingTransactions', () => {
  it('holds one page of the mock with its paging meta', async () => {
    const { wrapper } = setUpHooks();
    const { result } = renderHook(() => useBillingTransactions({ limit: 10 }), { wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data?.data).toHaveLength(10);
    expect(result.current.data?.meta).toMatchObject({
      hasMore: true,
      total: 317,
      requestId: expect.stringMatching(/^req_/),
    });
  });

  it('surfaces a validation error at once, without sending a request or retrying', async () => {
    const { wrapper, fetchSpy } = setUpHooks();
    const { result } = renderHook(() => useBillingTransactions({ limit: 101 }), { wrapper });
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error).toBeInstanceOf(RequestValidationError);
    expect((result.current.error as RequestValidationError).issues[0]?.field).toBe('limit');
    expect(result.current.failureCount).toBe(1);
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
