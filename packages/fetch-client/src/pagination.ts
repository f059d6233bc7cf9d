import type { APIPromise } from './apiPromise.js';

/** The paging part of a list answer (the spec's `PaginationMeta`). */
interface PageMeta {
  hasMore?: boolean;
  total?: number;
  requestId: string;
}

export interface OffsetPage<Item> {
  data: Item[];
  meta: PageMeta;
}

export interface OffsetPageQuery {
  limit?: number;
  offset?: number;
}

/** Server default of `limit` (the spec's default), used to tell a short page from a full one. */
const defaultLimit = 50;

/**
 * The offset of the page after `page`, or undefined at the end of the list. `hasMore` decides when the server sends
 * it; else `total`; else only a short page ends the list. An empty page always ends it, so a server that keeps
 * saying `hasMore` cannot loop a reader forever. Exported for other pagers (the react-hooks' "load more").
 */
export function nextPageOffset(page: OffsetPage<unknown>, query: OffsetPageQuery): number | undefined {
  if (page.data.length === 0) return undefined;
  const next = (query.offset ?? 0) + page.data.length;
  if (page.meta.hasMore !== undefined) return page.meta.hasMore ? next : undefined;
  if (page.meta.total !== undefined) return next < page.meta.total ? next : undefined;
  return page.data.length >= (query.limit ?? defaultLimit) ? next : undefined;
}

/**
 * The answer of a list call: await it for the first page, or iterate it for every item of every page in order
 * (`pages()` gives the pages themselves). The first page is asked for at once, like any other call; later pages as
 * the iteration reaches them; `withResponse()` and `asResponse()` are the first page's. Offsets advance by what each page held, so no item is skipped or repeated while the
 * list does not change.
 */
export type PagePromise<Page extends OffsetPage<unknown>> = APIPromise<Page> &
  AsyncIterable<Page['data'][number]> & {
    /** Every page, the first included. */
    pages(): AsyncGenerator<Page, void>;
  };

/** A `PagePromise` over `fetchPage`, starting at `query`. */
export function pagePromise<Page extends OffsetPage<unknown>, Query extends OffsetPageQuery>(
  query: Query,
  fetchPage: (query: Query) => APIPromise<Page>,
): PagePromise<Page> {
  const first = fetchPage(query);
  // A list kept aside and iterated later must not count as an unhandled rejection meanwhile: whoever awaits or
  // iterates it still gets the failure.
  first.catch(() => undefined);
  async function* pages() {
    let pageQuery = query;
    let page = await first;
    while (true) {
      yield page;
      const offset = nextPageOffset(page, pageQuery);
      if (offset === undefined) return;
      pageQuery = { ...pageQuery, offset };
      page = await fetchPage(pageQuery);
    }
  }
  async function* items() {
    for await (const page of pages()) yield* page.data as Page['data'];
  }
  return Object.assign(first, { pages, [Symbol.asyncIterator]: items });
}
