import { keySource } from './curlSample.js';
import { baseAddressOption } from './fetchClientSample.js';

/**
 * Where a browser sample's client sends its requests: its page's own origin, where the app's server route adds the
 * key and passes `/v1/...` and `/api/...` on, so the page holds no key (the fetch client's README, "Keys stay out of
 * browsers"). The layout of `createApiRoute` of `@inference-infra/fetch-client/server`, the route the tests run the
 * samples behind (the playground's). One owner for every framework's sample.
 */
const ownOrigin = /** @type {Record<string, { address: string, route: string }>} */ ({
  // biome-ignore lint/suspicious/noTemplateCurlyInString: sample text, a template literal the reader's page evaluates
  baseUrl: { address: '`${location.origin}/v1`', route: '/v1' },
  platformUrl: { address: 'location.origin', route: '/api' },
});

/**
 * The keyless client of a browser sample: its option and address, and the sentences that say where the key is added
 * instead (they name the service's address and where the key comes from, so the site's server rewrites them too).
 * @param {import('../specOperations.js').SpecOperation} operation
 */
export function keylessClientOf(operation) {
  const option = baseAddressOption(operation);
  const { address, route } = /** @type {{ address: string, route: string }} */ (ownOrigin[option]);
  return {
    option,
    address,
    /** The client as code: `createClient({ apiKey: null, baseUrl: ... })`. */
    call: `createClient({ apiKey: null, ${option}: ${address} })`,
    /** Why the page holds no key, as comment lines without their comment marks. */
    why: [
      `No key here: your server's ${route} route adds it and passes the call on, as createApiRoute of`,
      `@inference-infra/fetch-client/server does: createApiRoute({ ${option}: '${operation.serverDefault}', apiKey }),`,
      `apiKey being ${keySource}.`,
      `The fetch client's README says why: "Keys stay out of browsers".`,
    ],
  };
}
