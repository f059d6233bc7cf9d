import { createClient } from '@inference-infra/fetch-client';
import { InferenceInfraProvider } from '@inference-infra/react-hooks';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { apiSettingsFrom } from './apiSettings';
import './styles.css';

const settings = apiSettingsFrom(window.location.search);
// The main entry validates requests against the spec, so a bad resize is refused before anything is sent. The key is
// the local mock's throwaway one: a real app keeps its key on its own server and points a keyless client
// (`apiKey: null`) at its own route (see the fetch-client README), which is why the flag below has to be spelt out.
const client = createClient({ ...settings, dangerouslyAllowBrowser: true });
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
