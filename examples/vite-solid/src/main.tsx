import { createClient } from '@inference-infra/fetch-client';
import { InferenceInfraProvider } from '@inference-infra/query-core/solid';
import { QueryClient, QueryClientProvider } from '@tanstack/solid-query';
import { render } from 'solid-js/web';
import { App } from './App';

// Keyless (`apiKey: null`): the page calls its own origin, where Vite's server holds the key (vite.config.ts).
const client = createClient({ apiKey: null, baseUrl: `${location.origin}/v1`, platformUrl: location.origin });
const root = document.getElementById('app');
if (!root) throw new Error('index.html has no #app');

render(
  () => (
    <QueryClientProvider client={new QueryClient()}>
      <InferenceInfraProvider client={client}>
        <App />
      </InferenceInfraProvider>
    </QueryClientProvider>
  ),
  root,
);
