import { withoutRedirects } from '@inference-infra/edge';
import { createClient } from '@inference-infra/fetch-client';
import { instanceTypesQueryOptions } from '@inference-infra/react-hooks';
import { type DehydratedState, dehydrate, QueryClient } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { PricingPage, pricingQuery } from './PricingPage';
import { PricingProviders } from './PricingProviders';

export interface PricingPageApi {
  apiKey: string;
  /** The inference base address, `/v1` included. */
  baseUrl: string;
  /** The platform base address, without `/api/v1`. */
  platformUrl: string;
}

export interface RenderedPricingPage {
  /** The page's markup, to put inside `#root`. */
  markup: string;
  /** The cache the markup was rendered from, to send with the page for the browser to hydrate. */
  state: DehydratedState;
}

/** `fetch` whose every call also ends when `signal` does: the server's deadline reaches the upstream call. */
function fetchWithSignal(signal: AbortSignal): typeof fetch {
  // Redirects never followed: the render's calls carry the key (the edge's rule for every caller on a server).
  const guarded = withoutRedirects(fetch);
  return (input, init) => {
    const own = init?.signal ?? (input instanceof Request ? input.signal : undefined);
    return guarded(input, { ...init, signal: own ? AbortSignal.any([own, signal]) : signal });
  };
}

/**
 * The server half of the pricing page, as a framework's loader would run it: a client with the key (it never leaves
 * the server), a QueryClient per request (so visitors never share a cache), the builder prefetched, then the page
 * rendered from that cache and the cache dehydrated. A failed prefetch renders the page without data and the browser
 * fetches it, as TanStack's prefetchQuery never throws. `signal` ends its upstream calls (the server's deadline, a
 * visitor who left).
 */
export async function renderPricingPage(
  api: PricingPageApi,
  { signal }: { signal?: AbortSignal } = {},
): Promise<RenderedPricingPage> {
  const client = createClient({ ...api, fetch: signal ? fetchWithSignal(signal) : withoutRedirects(fetch) });
  const queryClient = new QueryClient();
  await queryClient.prefetchQuery(instanceTypesQueryOptions(client, pricingQuery));
  const markup = renderToString(
    <PricingProviders client={client} queryClient={queryClient}>
      <PricingPage />
    </PricingProviders>,
  );
  const state = dehydrate(queryClient);
  queryClient.clear();
  return { markup, state };
}
