import type { ParseAs } from './requestBuilder.js';

/** openapi-fetch's result of a call: its data, or its error body, and the answer. */
export interface FetchResult {
  data?: unknown;
  error?: unknown;
  response: Response;
}

/**
 * The answer read by openapi-fetch's rule, for every call: no body for a 204, a HEAD or an empty one; a success as
 * `parseAs` says (its stream unread); a failure's body as JSON when it parses, else as text.
 */
export async function readAnswer(response: Response, parseAs: ParseAs, method: string): Promise<FetchResult> {
  const { headers } = response;
  const contentLength = headers.get('Content-Length');
  if (
    response.status === 204 ||
    method === 'HEAD' ||
    (contentLength === '0' && !headers.get('Transfer-Encoding')?.includes('chunked'))
  ) {
    return response.ok ? { data: undefined, response } : { error: undefined, response };
  }
  if (response.ok) {
    // The two a resource method reads, named: a call by a computed name costs more on this path.
    if (parseAs === 'text') return { data: await response.text(), response };
    if (parseAs === 'stream') return { data: response.body, response };
    if (parseAs === 'json' && !contentLength) {
      const raw = await response.text();
      return { data: raw ? JSON.parse(raw) : undefined, response };
    }
    return { data: await response[parseAs](), response };
  }
  const text = await response.text();
  try {
    return { error: JSON.parse(text), response };
  } catch {
    return { error: text, response };
  }
}
