import {
  createClient,
  type InferenceInfraClient,
  type ValidatingClientOptions,
} from '@inference-infra/fetch-client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { inject, type Mock, vi } from 'vitest';
import { InferenceInfraProvider } from '../InferenceInfraProvider.js';

export const apiKey = 'ii_live_reacthooks0123456789';

/**
 * A client on the mock whose fetch is a spy, a fresh QueryClient, and the wrapper that provides both. The
 * QueryClient keeps TanStack's defaults, so the hooks' own retry rule is what the tests see.
 */
export interface HookTestSetup {
  client: InferenceInfraClient;
  fetchSpy: Mock<typeof globalThis.fetch>;
  queryClient: QueryClient;
  wrapper: (props: { children: ReactNode }) => ReactNode;
  /** The address of every request sent so far, in order. */
  requestUrls(): string[];
  /** The JSON body of the request sent at `index`. */
  sentBody(index: number): Promise<Record<string, unknown>>;
}

export function setUpHooks(options: ValidatingClientOptions = {}): HookTestSetup {
  const fetchSpy = vi.fn(globalThis.fetch);
  const client: InferenceInfraClient = createClient({
    // happy-dom is a browser: a test key against the local mock is the deliberate exception the flag names.
    dangerouslyAllowBrowser: true,
    apiKey,
    baseUrl: inject('mockBaseUrl'),
    platformUrl: inject('mockPlatformUrl'),
    fetch: fetchSpy,
    ...options,
  });
  const queryClient = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <InferenceInfraProvider client={client}>{children}</InferenceInfraProvider>
    </QueryClientProvider>
  );
  const requestUrls = () => fetchSpy.mock.calls.map(([request]) => (request as Request).url);
  const sentBody = async (index: number) => {
    const request = fetchSpy.mock.calls[index]?.[0];
    if (!(request instanceof Request)) throw new Error(`No request was sent at position ${index}`);
    return (await request.clone().json()) as Record<string, unknown>;
  };
  return { client, fetchSpy, queryClient, wrapper, requestUrls, sentBody };
}
