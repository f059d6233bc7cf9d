import { AuthenticationError, InternalServerError } from '@inference-infra/fetch-client';
import type { ListInstanceTypesQuery } from '@inference-infra/types';
import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, inject, it, vi } from 'vitest';
import { useInstanceTypes } from './hooks.gen.js';
import { inferenceInfraKeys } from './queryKeys.js';
import { setUpHooks } from './test/renderWithClient.js';

describe('useInstanceTypes', () => {
  it('is pending, then holds the instance types of the mock, cheapest first', async () => {
    const { wrapper, requestUrls } = setUpHooks();
    const { result } = renderHook(() => useInstanceTypes(), { wrapper });
    expect(result.current.isPending).toBe(true);
    expect(result.current.data).toBeUndefined();
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    const rates = result.current.data?.data.map((type) => type.hourly_rate) ?? [];
    expect(rates.length).toBeGreaterThan(0);
    expect(rates).toEqual([...rates].sort((a, b) => a - b));
    expect(result.current.data?.meta.requestId).toMatch(/^req_/);
    expect(requestUrls()).toEqual([`${inject('mockPlatformUrl')}/api/v1/instances/types`]);
  });

  it('sends the filters and caches each filter set under its own key', async () => {
    const { wrapper, queryClient, requestUrls } = setUpHooks();
    const { result, rerender } = renderHook((query: ListInstanceTypesQuery) => useInstanceTypes(query), {
      wrapper,
      initialProps: { gpu_type: 'H100' } as ListInstanceTypesQuery,
    });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    // The simulator's catalogue: H100 in 1, 2 and 8 GPUs across three regions (no 8x in ap-southeast-1).
    expect(result.current.data?.data).toHaveLength(8);
    expect(result.current.data?.data.every((type) => type.gpu_type === 'H100')).toBe(true);
    rerender({ gpu_type: 'H100', gpu_count: 8 });
    await waitFor(() =>
      expect(result.current.data?.data.map((type) => type.id)).toEqual([
        'it_h100_8x_use1',
        'it_h100_8x_euw1',
      ]),
    );
    expect(requestUrls().map((url) => new URL(url).search)).toEqual([
      '?gpu_type=H100',
      '?gpu_type=H100&gpu_count=8',
    ]);
    expect(
      queryClient.getQueryData(inferenceInfraKeys.instanceTypes.list({ gpu_type: 'H100' }))?.data,
    ).toHaveLength(8);
  });

  it('fails with the typed error of the status, without retrying a 401', async () => {
    const { wrapper, client, fetchSpy } = setUpHooks();
    client.use({
      onRequest({ request }) {
        request.headers.delete('authorization');
        return request;
      },
    });
    const { result } = renderHook(() => useInstanceTypes(), { wrapper });
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error).toBeInstanceOf(AuthenticationError);
    expect(result.current.error).toMatchObject({ status: 401 });
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });

  it('leaves retrying a 5xx to the client: 1 + maxRetries requests in all, not multiplied by the hook', async () => {
    // A 503 with `retry-after-ms: 0` makes the client retry at once, so the test does not wait out backoffs.
    const failing = vi.fn(
      async () =>
        new Response(
          JSON.stringify({ error: { message: 'down', type: 'server_error', code: null, param: null } }),
          {
            status: 503,
            headers: { 'content-type': 'application/json', 'retry-after-ms': '0' },
          },
        ),
    );
    const { wrapper } = setUpHooks({ fetch: failing, maxRetries: 2 });
    const { result } = renderHook(() => useInstanceTypes(), { wrapper });
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error).toBeInstanceOf(InternalServerError);
    expect(result.current.failureCount).toBe(1);
    expect(failing).toHaveBeenCalledTimes(3);
  });

  it('takes a client directly, without a provider', async () => {
    const { client, queryClient } = setUpHooks();
    const { QueryClientProvider } = await import('@tanstack/react-query');
    const { result } = renderHook(() => useInstanceTypes({}, { client }), {
      wrapper: ({ children }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>,
    });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
  });

  it('passes TanStack options through: enabled false sends nothing', async () => {
    const { wrapper, fetchSpy } = setUpHooks();
    const { result } = renderHook(() => useInstanceTypes({}, { enabled: false }), { wrapper });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(result.current.fetchStatus).toBe('idle');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("keeps the package's retry rule when given retry: undefined, rather than TanStack's 3 retries", async () => {
    const { wrapper, client, fetchSpy } = setUpHooks();
    client.use({
      onRequest({ request }) {
        request.headers.delete('authorization');
        return request;
      },
    });
    const { result } = renderHook(() => useInstanceTypes({}, { retry: undefined }), { wrapper });
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error).toBeInstanceOf(AuthenticationError);
    expect(result.current.failureCount).toBe(1);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });

  it('still takes an explicit retry over the package rule', async () => {
    const { wrapper, client, fetchSpy } = setUpHooks();
    client.use({
      onRequest({ request }) {
        request.headers.delete('authorization');
        return request;
      },
    });
    const { result } = renderHook(() => useInstanceTypes({}, { retry: 1, retryDelay: 0 }), { wrapper });
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.failureCount).toBe(2);
    expect(fetchSpy).toHaveBeenCalledTimes(2);
  });
});
