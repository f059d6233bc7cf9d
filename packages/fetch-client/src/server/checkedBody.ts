import { isRefusal, jsonContentTypeRefusal, readCappedBody, utf8Text } from '@inference-infra/edge';
import { validateRequest } from '@inference-infra/types/request-validation';
import type { ApiRouteMatch } from './apiRouteMatch.js';
import { answerRefusal, refusal } from './refusal.js';

export interface BodyBounds {
  maxBytes: number;
  timeoutMs: number;
}

/**
 * The body of a request that carries one, as the text to send on, or the refusal that ends the request: not JSON, or
 * JSON in a charset other than UTF-8 (415: the `text/plain` "simple request" any page can send without a preflight,
 * and a body the upstream would read as other text than the one checked here), larger than `maxBytes` (413), slower
 * than `timeoutMs` (408), cut off (400), not UTF-8, unparseable or against the spec's rules (400, in the client's own
 * words), so bad input spends nothing.
 */
export async function checkedBody(
  request: Request,
  match: ApiRouteMatch,
  bounds: BodyBounds,
): Promise<{ text: string } | { refused: Response }> {
  const badType = jsonContentTypeRefusal(request.headers.get('content-type'));
  // Left unread: toNodeListener drops what remains after the answer, so the page reads the 415, not a reset.
  if (badType) return { refused: answerRefusal(badType) };
  const bytes = await readCappedBody(request.body, request.headers.get('content-length'), {
    maxBytes: bounds.maxBytes,
    deadlineMs: bounds.timeoutMs,
    options: { maxBytes: 'maxBodyBytes', deadlineMs: 'bodyTimeoutMs' },
  });
  if (isRefusal(bytes)) return { refused: answerRefusal(bytes) };
  const text = utf8Text(bytes);
  if (isRefusal(text)) return { refused: answerRefusal(text) };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    const message = `body: must be valid JSON (${(error as Error).message})`;
    return { refused: refusal(400, 'invalid_json', message, { param: 'body' }) };
  }
  const refused = ruleRefusal(match, parsed);
  return refused ? { refused } : { text };
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
