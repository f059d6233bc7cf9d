// The Solid app of the browser test: a keyless client, pointed at the server the page came from (its API route holds
// the key), handed to the primitives by the provider, inside solid-query's own.
import { createClient } from '@inference-infra/fetch-client';
import { InferenceInfraProvider } from '@inference-infra/query-core/solid';
import { QueryClient, QueryClientProvider } from '@tanstack/solid-query';
import { render } from 'solid-js/web';
import { App } from './App.jsx';

const client = createClient({ apiKey: null, baseUrl: `${location.origin}/v1`, platformUrl: location.origin });
const queryClient = new QueryClient();

render(
  () => (
    <QueryClientProvider client={queryClient}>
      <InferenceInfraProvider client={client}>
        <App />
      </InferenceInfraProvider>
    </QueryClientProvider>
  ),
  document.getElementById('app') as HTMLElement,
);
