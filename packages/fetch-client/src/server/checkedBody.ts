import { validateRequest } from '@inference-infra/types/request-validation';
import type { ApiRouteMatch } from './apiRouteMatch.js';
import { readCappedText } from './readCappedText.js';
import { refusal } from './refusal.js';
import { isJsonMediaType } from './requestGuards.js';

/**
 * The body of a request that carries one, as the text to send on, or the refusal that ends the request: not JSON
 * (415: the `text/plain` "simple request" any page can send without a preflight), larger than `maxBytes` (413), cut
 * off (400), unparseable or against the spec's rules (400, in the client's own words), so bad input spends nothing.
 */
export async function checkedBody(
  request: Request,
  match: ApiRouteMatch,
  maxBytes: number,
): Promise<{ text: string } | { refused: Response }> {
  const contentType = request.headers.get('content-type');
  if (!isJsonMediaType(contentType)) {
    const got = JSON.stringify(contentType ?? 'none');
    return {
      refused: refusal(
        415,
        'unsupported_media_type',
        `Content-Type: must be application/json (got ${got}); send "Content-Type: application/json"`,
        { param: 'Content-Type' },
      ),
    };
  }
  const read = await readCappedText(request, maxBytes);
  if ('tooLarge' in read) {
    const message = `body: must be at most ${maxBytes} bytes (maxBodyBytes)`;
    return { refused: refusal(413, 'body_too_large', message, { param: 'body' }) };
  }
  if ('unreadable' in read) {
    const message = `body: ended before it was whole (${read.unreadable})`;
    return { refused: refusal(400, 'body_unreadable', message, { param: 'body' }) };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(read.text);
  } catch (error) {
    const message = `body: must be valid JSON (${(error as Error).message})`;
    return { refused: refusal(400, 'invalid_json', message, { param: 'body' }) };
  }
  const refused = ruleRefusal(match, parsed);
  return refused ? { refused } : { text: read.text };
}

/**
 * The refusal of a request whose path parameters or body break the spec's rules, in the client's words, or
 * undefined. Query strings are the upstream's to check: they arrive as text, and the validators take typed values.
 */
export function ruleRefusal(match: ApiRouteMatch, body: unknown): Response | undefined {
  const issues = validateRequest(match.route.operationId, { path: match.pathParams, body });
  if (issues.length === 0) return undefined;
  const message = issues.map((issue) => issue.message).join('; ');
  return refusal(400, 'invalid_request', message, { param: issues[0]?.field ?? null });
}
