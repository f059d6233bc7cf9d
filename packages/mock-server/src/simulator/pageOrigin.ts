import type { IncomingMessage } from 'node:http';
import { type OriginPolicy, originRefusal, type Refusal } from '@inference-infra/edge';
import { headerValues } from '@inference-infra/edge/node';

/**
 * Pages that may call the mock: any loopback origin, whatever its port (pages come from dev servers on other ports of
 * the same machine), and the origins of the `allowedOrigins` option (`*` for any).
 */
export function simulatorOriginPolicy(allowedOrigins: readonly string[] | undefined): OriginPolicy {
  return { allowedOrigins, anyLoopbackOrigin: true, option: 'allowedOrigins, CLI --allow-origin' };
}

/** Methods that change nothing: a page of another site may make them without an Origin (an `<img>` of an image URL). */
const safeMethods = new Set(['GET', 'HEAD']);

/**
 * Why a request of a page is refused, or undefined: the edge's rule (one Origin, and it must be allowed), with
 * `Sec-Fetch-Site` heard only on methods that can change the mock, so a foreign page's form post or `no-cors` fetch
 * never reaches the state, while an image the simulator generated still shows on a page of `localhost`.
 */
export function pageRefusal(req: IncomingMessage, policy: OriginPolicy): Refusal | undefined {
  const secFetchSite = safeMethods.has(req.method ?? 'GET')
    ? undefined
    : headerValues(req, 'sec-fetch-site')[0];
  return originRefusal(headerValues(req, 'origin'), secFetchSite, policy);
}
