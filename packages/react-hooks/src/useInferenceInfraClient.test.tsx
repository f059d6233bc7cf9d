import { createClient } from '@inference-infra/fetch-client';
import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { InferenceInfraProvider } from './InferenceInfraProvider.js';
import { useInferenceInfraClient } from './useInferenceInfraClient.js';

const providedClient = createClient({
  apiKey: 'ii_live_provided',
  platformUrl: 'http://127.0.0.1:9',
  dangerouslyAllowBrowser: true,
});
const ownClient = createClient({
  apiKey: 'ii_live_own',
  platformUrl: 'http://127.0.0.1:9',
  dangerouslyAllowBrowser: true,
});

describe('useInferenceInfraClient', () => {
  const wrapper = ({ children }: { children: React.ReactNode }) => (
    <InferenceInfraProvider client={providedClient}>{children}</InferenceInfraProvider>
  );

  it('returns the client of the provider', () => {
    const { result } = renderHook(() => useInferenceInfraClient(), { wrapper });
    expect(result.current).toBe(providedClient);
  });

  it('prefers a client given to the hook', () => {
    const { result } = renderHook(() => useInferenceInfraClient(ownClient), { wrapper });
    expect(result.current).toBe(ownClient);
  });

  it('says how to fix a missing client', () => {
    // React reports the error thrown while rendering on the console as well; keep the test output clean.
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      expect(() => renderHook(() => useInferenceInfraClient())).toThrow(
        /InferenceInfraProvider.*or pass \{ client \}/,
      );
    } finally {
      consoleError.mockRestore();
    }
  });
});
