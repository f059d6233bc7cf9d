/** A redirect an upstream answered, refused: following it would send the request, key and body, where it points. */
export class RedirectRefusedError extends TypeError {
  override readonly name = 'RedirectRefusedError';
}

/** Where a redirect points, without its query (which can hold anything, a key included) and cut short. */
function shownLocation(location: string | null, base: string): string {
  if (!location) return '(no Location)';
  try {
    const url = new URL(location, base || undefined);
    return `${url.origin}${url.pathname}`.slice(0, 200);
  } catch {
    return '(a Location that is no URL)';
  }
}

/**
 * A fetch that never follows a redirect: an upstream's 3xx (but 304) rejects with a `RedirectRefusedError` naming
 * where it pointed, as a connection that failed would, so a client reports it as its connection error. For the
 * processes of ours that call the API with the user's key on the server side (the MCP server, the pricing page);
 * the API route answers its own 502 through `callUpstream`.
 */
export function withoutRedirects(fetchFn: typeof fetch): typeof fetch {
  return async (input, init) => {
    const answer = await fetchFn(new Request(input, { ...init, redirect: 'manual' }));
    if (answer.status < 300 || answer.status >= 400 || answer.status === 304) return answer;
    await answer.body?.cancel().catch(() => undefined);
    const location = shownLocation(answer.headers.get('location'), answer.url);
    throw new RedirectRefusedError(
      `the API answered ${answer.status} to ${location}; redirects are not followed (the request carries the key)`,
    );
  };
}
