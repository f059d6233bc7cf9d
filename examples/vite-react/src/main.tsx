import { createClient } from '@inference-infra/fetch-client';
import { InferenceInfraProvider } from '@inference-infra/react-hooks';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createRoot } from 'react-dom/client';
import { App } from './App';

// Keyless (`apiKey: null`): the page calls its own origin, where Vite's server holds the key (vite.config.ts).
const client = createClient({ apiKey: null, baseUrl: `${location.origin}/v1`, platformUrl: location.origin });
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

createRoot(root).render(
  <QueryClientProvider client={new QueryClient()}>
    <InferenceInfraProvider client={client}>
      <App />
    </InferenceInfraProvider>
  </QueryClientProvider>,
);
