import type { Redactor } from './redactor.js';
import { type Refusal, refusal } from './refusal.js';

export interface UpstreamCall {
  fetch: typeof fetch;
  /** How long the upstream may take to answer with its status and headers (the body has its own bounds). */
  timeoutMs: number;
  /** The setting that moves it, named in the 504. */
  timeoutOption: string;
  /** Hides the key in a failure's message (a proxy or a DNS error can quote the URL or the headers). */
  redactor: Redactor;
}

/**
 * Sends one request upstream: redirects never followed (a 3xx would resend the page's body and the key to wherever it
 * points, so it is a 502 naming the redirect), an answer's headers awaited no longer than `timeoutMs` (504), an
 * unreachable upstream a 502, and the caller going away (`init.signal`) a 499. Never throws.
 */
export async function callUpstream(
  url: string,
  init: RequestInit,
  call: UpstreamCall,
): Promise<Response | Refusal> {
  // Aborted when the caller goes away, or when the headers are late; the timer stops once they arrive, so a long
  // stream is bounded by its own deadline, not this one.
  const controller = new AbortController();
  const callerGone = () => controller.abort(init.signal?.reason);
  init.signal?.addEventListener('abort', callerGone, { once: true });
  let late = false;
  const timer = setTimeout(() => {
    late = true;
    controller.abort(new Error('upstream timeout'));
  }, call.timeoutMs);
  const origin = new URL(url).origin;
  let answer: Response;
  try {
    if (init.signal?.aborted) throw init.signal.reason;
    answer = await call.fetch(url, { ...init, redirect: 'manual', signal: controller.signal });
  } catch (error) {
    init.signal?.removeEventListener('abort', callerGone);
    if (init.signal?.aborted)
      return refusal(499, 'client_closed_request', 'The caller went away before the answer.');
    if (late)
      return refusal(
        504,
        'upstream_timeout',
        `${origin} did not answer within ${call.timeoutMs} ms (${call.timeoutOption})`,
      );
    const reason = call.redactor.redact(error instanceof Error ? error.message : String(error));
    return refusal(502, 'upstream_unreachable', `${origin} could not be reached: ${reason}`);
  } finally {
    clearTimeout(timer);
  }
  if (answer.status >= 300 && answer.status < 400 && answer.status !== 304) {
    await answer.body?.cancel().catch(() => undefined);
    const location = call.redactor.redact(answer.headers.get('location') ?? '(no Location)').slice(0, 200);
    return refusal(
      502,
      'upstream_redirected',
      `${origin} answered ${answer.status} to ${location}; redirects are not followed (the request carries the key)`,
    );
  }
  return answer;
}
