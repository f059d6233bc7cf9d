import { useInstanceTypes } from '@inference-infra/react-hooks';

/** The query the server prefetches and the page reads: the same object on both sides, so the same cache key. */
export const pricingQuery = { gpu_type: 'H100' } as const;

/**
 * One component for both halves: the server renders it from its prefetched cache, the browser hydrates it from the
 * dehydrated state sent with the page. Nothing here knows which side it runs on.
 */
export function PricingPage() {
  // Fresh for a minute: with TanStack's default staleTime of 0, hydration would fetch the same data again at once.
  const { data, refetch, isFetching, dataUpdatedAt } = useInstanceTypes(pricingQuery, { staleTime: 60_000 });
  return (
    <main>
      <h1>H100 prices</h1>
      <p className="key-note">
        Rendered on the server, which holds the key and prefetched this list; the browser hydrated it without
        asking again. "Refresh" asks through the page's own keyless API route.
      </p>
      <section aria-label="H100 instance types, cheapest first">
        <ul>
          {data?.data.map((type) => (
            <li key={type.id} data-id={type.id}>
              {type.id}: {type.hourly_rate} per hour
            </li>
          ))}
        </ul>
        <button type="button" onClick={() => void refetch()} disabled={isFetching}>
          Refresh
        </button>
        {/* The time of the data, not of the render: it changes only when a new answer arrives. */}
        <p data-updated-at={dataUpdatedAt}>{data ? `request ${data.meta.requestId}` : 'loading'}</p>
      </section>
    </main>
  );
}
