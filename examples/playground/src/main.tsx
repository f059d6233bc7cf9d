import { createClient } from '@inference-infra/fetch-client';
import { InferenceInfraProvider } from '@inference-infra/react-hooks';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { apiSettingsFor } from './apiSettings';
import './styles.css';

const settings = apiSettingsFor(window.location.origin);
// Keyless: the page's own server adds the key (`createApiRoute`), so no key is ever in the browser. The main
// entry validates requests against the spec, so a bad resize is refused before anything is sent.
const client = createClient({ ...settings, apiKey: null });
const queryClient = new QueryClient({
  // Focus changes are frequent in a demo and would refetch every table; the data here changes only on request.
  defaultOptions: { queries: { refetchOnWindowFocus: false } },
});

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <InferenceInfraProvider client={client}>
        <App settings={settings} />
      </InferenceInfraProvider>
    </QueryClientProvider>
  </StrictMode>,
);
