import type { InferenceInfraClient } from '@inference-infra/fetch-client';
import { InferenceInfraProvider } from '@inference-infra/react-hooks';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';

/** The providers around the pricing page, the same on the server and in the browser so the markup matches. */
export function PricingProviders({
  client,
  queryClient,
  children,
}: {
  client: InferenceInfraClient;
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <InferenceInfraProvider client={client}>{children}</InferenceInfraProvider>
    </QueryClientProvider>
  );
}
