// The Solid app of the browser test: the page's keyless client (and the stream fault the test asks for), handed to
// the primitives by the provider, inside solid-query's own.
import { InferenceInfraProvider } from '@inference-infra/query-core/solid';
import { QueryClient, QueryClientProvider } from '@tanstack/solid-query';
import { render } from 'solid-js/web';
import { createPageClient } from '../shared/pageClient.js';
import { App } from './App.jsx';

const client = createPageClient();
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
