import type { InferenceInfraClient } from '@inference-infra/fetch-client';
import type { ReactNode } from 'react';
import { InferenceInfraClientContext } from './internal/clientContext.js';

export interface InferenceInfraProviderProps {
  /** The client every hook below uses, unless a hook is given its own. */
  client: InferenceInfraClient;
  children?: ReactNode;
}

/**
 * Hands a fetch client to the hooks below it. It holds no cache of its own: put it inside a TanStack
 * `QueryClientProvider`.
 */
export function InferenceInfraProvider({ client, children }: InferenceInfraProviderProps) {
  // `.Provider` rather than React 19's `<Context value>`, so React 18 renders it too.
  return (
    <InferenceInfraClientContext.Provider value={client}>{children}</InferenceInfraClientContext.Provider>
  );
}
