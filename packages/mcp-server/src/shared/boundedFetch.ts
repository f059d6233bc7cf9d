import { boundedStream, withoutRedirects } from '@inference-infra/edge';

/** The most bytes of one answer read by default: a whole chat or a page of a list is far less. */
export const defaultMaxAnswerBytes = 16 * 1024 * 1024;

/** Statuses whose answer has no body, and which a `Response` cannot be made with one. */
const bodiless = new Set([101, 103, 204, 205, 304]);

/**
 * A fetch whose answers' bodies end with a `StreamLimitError` past `maxBytes`: a JSON answer, an error body and a
 * stream alike, since the fetch client reads each of them whole (a stream into the assembled chat). Without it an
 * upstream that never stops fills memory until V8's string limit ends the process.
 */
export function boundedFetch(fetchOf: () => typeof fetch, maxBytes: number, option: string): typeof fetch {
  return async (input, init) => {
    // Never followed: a redirect would send the request, key and body included, on to wherever it points.
    const answer = await withoutRedirects(fetchOf())(input, init);
    if (!answer.body || bodiless.has(answer.status) || answer.status < 200) return answer;
    const bounded = new Response(boundedStream(answer.body, { maxBytes, options: { maxBytes: option } }), {
      status: answer.status,
      statusText: answer.statusText,
      headers: answer.headers,
    });
    // A connection error names the origin the answer came from.
    Object.defineProperty(bounded, 'url', { value: answer.url });
    return bounded;
  };
}
