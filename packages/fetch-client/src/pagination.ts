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
 * The answer of a list call: await it for the first page, or iterate it for every item of every page in order.
 * Offsets advance by what each page held, so no item is skipped or repeated while the list does not change.
 */
export class PagePromise<Page extends OffsetPage<unknown>, Query extends OffsetPageQuery>
  implements Promise<Page>, AsyncIterable<Page['data'][number]>
{
  readonly [Symbol.toStringTag] = 'PagePromise';
  private firstPage: Promise<Page> | undefined;

  constructor(
    private readonly query: Query,
    private readonly fetchPage: (query: Query) => Promise<Page>,
  ) {}

  private first(): Promise<Page> {
    this.firstPage ??= this.fetchPage(this.query);
    return this.firstPage;
  }

  // biome-ignore lint/suspicious/noThenProperty: a PagePromise is awaited like the promise of its first page.
  then<A = Page, B = never>(
    onFulfilled?: ((page: Page) => A | PromiseLike<A>) | null,
    onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): Promise<A | B> {
    return this.first().then(onFulfilled, onRejected);
  }

  catch<B = never>(onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null): Promise<Page | B> {
    return this.first().catch(onRejected);
  }

  finally(onFinally?: (() => void) | null): Promise<Page> {
    return this.first().finally(onFinally);
  }

  /** Every page, the first included. */
  async *pages(): AsyncGenerator<Page> {
    let query = this.query;
    let page = await this.first();
    while (true) {
      yield page;
      const offset = nextPageOffset(page, query);
      if (offset === undefined) return;
      query = { ...query, offset };
      page = await this.fetchPage(query);
    }
  }

  async *[Symbol.asyncIterator](): AsyncIterator<Page['data'][number]> {
    for await (const page of this.pages()) yield* page.data;
  }
}
