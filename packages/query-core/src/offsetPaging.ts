import { nextPageOffset, type OffsetPage } from '@inference-infra/fetch-client';

/**
 * The paging of every paged operation's infinite query: the page parameter is the offset, from 0, and the next one
 * follows the client's own rule (`hasMore`, else `total`, else a short page; an empty page always ends the list), so
 * a component and `for await` over the client's list call page alike.
 */
export function offsetPaging<TPage extends OffsetPage<unknown>>(limit: number | undefined) {
  return {
    initialPageParam: 0,
    getNextPageParam: (lastPage: TPage, _allPages: TPage[], lastOffset: number): number | undefined =>
      nextPageOffset(lastPage, { offset: lastOffset, limit }),
  };
}
