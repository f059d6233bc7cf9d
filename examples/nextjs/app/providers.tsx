'use client';

import { createClient } from '@inference-infra/fetch-client';
import { InferenceInfraProvider } from '@inference-infra/react-hooks';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';

// The page's client is keyless (`apiKey: null`) and calls the app's own origin, where the route handlers hold the key.
// The server's render of this component sends no request (queries run in the browser), so any origin does there.
function keylessClient() {
  const origin = typeof window === 'undefined' ? 'http://127.0.0.1' : window.location.origin;
  return createClient({ apiKey: null, baseUrl: `${origin}/v1`, platformUrl: origin });
}

export function Providers({ children }: { children: ReactNode }) {
  // One of each per browser tab (and per server render), never shared between requests.
  const [queryClient] = useState(() => new QueryClient());
  const [client] = useState(keylessClient);
  return (
    <QueryClientProvider client={queryClient}>
      <InferenceInfraProvider client={client}>{children}</InferenceInfraProvider>
    </QueryClientProvider>
  );
}
