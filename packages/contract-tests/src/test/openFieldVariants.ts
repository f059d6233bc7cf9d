import type { SimulatorInterceptor } from '@inference-infra/mock-server';
import type { ConformingVariant } from './conformingVariants.js';
import type { Json } from './mutants.js';

/** A count that lives outside the interceptor, which the simulator calls afresh for every request. */
function counter() {
  let count = 0;
  return () => {
    count += 1;
    return count;
  };
}

/**
 * Every list answer with an extra top-level field the spec leaves open, `links.self`, echoing the request's path and
 * query as a JSON:API server writes it: two requests that mean the same (no `limit` and `limit=50`) differ there.
 */
const linksEchoingTheRequest: SimulatorInterceptor = (next) => (req) => {
  const res = next(req);
  const body = res.json as Json;
  if (res.status !== 200 || body?.meta === undefined) return res;
  return { ...res, json: { ...body, links: { self: `${req.url.pathname}${req.url.search}` } } };
};

/**
 * `meta.cursor` on every list answer: opaque, as the spec says, and carrying a nonce, so no two answers share one
 * even for the same page. A check that compares whole answers calls the list changed and stops looking.
 */
function cursorsWithANonce(): SimulatorInterceptor {
  const next = counter();
  return (serve) => (req) => {
    const res = serve(req);
    const body = res.json as Json;
    if (res.status !== 200 || body?.meta === undefined) return res;
    const cursor = Buffer.from(
      `${req.url.searchParams.get('offset') ?? '0'}:${next()}:${req.requestId}`,
    ).toString('base64url');
    return { ...res, json: { ...body, meta: { ...body.meta, cursor } } };
  };
}

/**
 * Conforming variants of issue 46: answers that differ between two identical requests only where the spec leaves the
 * value to the server (an open object's extra fields, an opaque cursor). The suite must pass them, none skipped.
 */
export const openFieldVariants: ConformingVariant[] = [
  { name: 'lists with an open links.self field echoing each request', intercept: linksEchoingTheRequest },
  { name: 'lists whose opaque meta.cursor carries a nonce', intercept: cursorsWithANonce() },
];

export { cursorsWithANonce };
