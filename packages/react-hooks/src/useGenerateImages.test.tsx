import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useGenerateImages } from './hooks.gen.js';
import { setUpHooks } from './test/renderWithClient.js';

describe('useGenerateImages', () => {
  it('generates images in the format asked for', async () => {
    const { wrapper } = setUpHooks();
    const { result } = renderHook(() => useGenerateImages(), { wrapper });
    act(() =>
      result.current.mutate({ model: 'flux-1-schnell', prompt: 'a lighthouse', response_format: 'b64_json' }),
    );
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data?.data[0]?.b64_json).toBeTruthy();
    expect(result.current.data?.data[0]?.url).toBeUndefined();
  });

  it('refuses a width below 256 without sending a request', async () => {
    const { wrapper, fetchSpy } = setUpHooks();
    const { result } = renderHook(() => useGenerateImages(), { wrapper });
    act(() => result.current.mutate({ model: 'm', prompt: 'p', width: 255 }));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error?.name).toBe('RequestValidationError');
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
