import { createClient } from '@inference-infra/fetch-client';
import { type DehydratedState, HydrationBoundary, QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { apiSettingsFor } from '../apiSettings';
import { PricingPage } from './PricingPage';
import { PricingProviders } from './PricingProviders';
import '../styles.css';

/** The id of the JSON script the server writes the dehydrated cache into (scripts/pricingRoute.js). */
const stateElementId = 'dehydrated-state';

function readDehydratedState(): DehydratedState | undefined {
  const text = document.getElementById(stateElementId)?.textContent;
  return text ? (JSON.parse(text) as DehydratedState) : undefined;
}

const root = document.getElementById('root');
if (!root) throw new Error('pricing.html has no #root element');
// Keyless, as on the main page: a refresh goes through the page's own API route, which holds the key.
const client = createClient({ ...apiSettingsFor(window.location.origin), apiKey: null });
const queryClient = new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false } } });

hydrateRoot(
  root,
  <StrictMode>
    <PricingProviders client={client} queryClient={queryClient}>
      <HydrationBoundary state={readDehydratedState()}>
        <PricingPage />
      </HydrationBoundary>
    </PricingProviders>
  </StrictMode>,
);
