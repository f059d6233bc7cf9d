import { pointServersAt } from './pointServersAt.js';
import { withCodeSamples } from './samples/codeSamples.js';

/**
 * The built document for a mock on other addresses (`scripts/start.sh --inference-port ...`, a test's mock on free
 * ports): the servers' defaults pointed at them, so the console sends its requests there, and the code samples made
 * again from those defaults, so what a reader copies reaches the same mock. Only the samples' addresses change: they
 * are made by the same generator the build and the sample tests use.
 * @template {import('./pointServersAt.js').Spec} T
 * @param {T} built The document `scripts/buildDocs.js` wrote (dist/openapi.json).
 * @param {Record<string, string>} addresses Variable name (`base_url`, `platform_url`) to its new default.
 * @returns {T}
 */
export function pointSiteAt(built, addresses) {
  return withCodeSamples(pointServersAt(built, addresses));
}
