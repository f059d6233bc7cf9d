import { specOperations } from '../specOperations.js';
import { curlSample } from './curlSample.js';
import { fetchClientSample } from './fetchClientSample.js';
import { angularSample, solidSample, svelteSample, vueSample } from './frameworkSamples.js';
import { openaiSample } from './openaiSample.js';
import { reactHookSample } from './reactHookSample.js';

/**
 * @typedef {'curl' | 'fetch-client' | 'openai' | 'react-hook' | 'vue' | 'svelte' | 'solid' | 'angular'} SampleKind
 * @typedef {object} CodeSample One entry of `x-codeSamples` (`lang`, `label`, `source`), plus what the tests need
 *   to run it.
 * @property {string} lang The language the reference highlights it as.
 * @property {string} label The tab's title.
 * @property {string} source
 * @property {SampleKind} kind
 * @property {import('../specOperations.js').SampleRequest} request
 */

/** @type {ReadonlyArray<{ kind: SampleKind, lang: string, label: string, make: (o: import('../specOperations.js').SpecOperation, r: import('../specOperations.js').SampleRequest) => string | null }>} */
const sampleKinds = [
  { kind: 'curl', lang: 'Shell', label: 'curl', make: curlSample },
  { kind: 'fetch-client', lang: 'TypeScript', label: 'fetch client', make: fetchClientSample },
  { kind: 'openai', lang: 'TypeScript', label: 'openai', make: openaiSample },
  { kind: 'react-hook', lang: 'TypeScript', label: 'React hook', make: reactHookSample },
  // Single-file components, named by their own languages (Markdown fences them as `vue` and `svelte`).
  { kind: 'vue', lang: 'Vue', label: 'Vue', make: vueSample },
  { kind: 'svelte', lang: 'Svelte', label: 'Svelte', make: svelteSample },
  { kind: 'solid', lang: 'TypeScript', label: 'Solid', make: solidSample },
  { kind: 'angular', lang: 'TypeScript', label: 'Angular', make: angularSample },
];

/**
 * Every sample of one operation: each kind for each of its sample requests, the streamed ones labelled so.
 * @param {import('../specOperations.js').SpecOperation} operation
 * @returns {CodeSample[]}
 */
export function codeSamplesOf(operation) {
  return operation.requests.flatMap((request) =>
    sampleKinds.flatMap(({ kind, lang, label, make }) => {
      const source = make(operation, request);
      if (source === null) return [];
      return [{ lang, label: request.streamed ? `${label} (stream)` : label, source, kind, request }];
    }),
  );
}

/**
 * A copy of the bundled spec with `x-codeSamples` on every operation, the vendor extension Scalar and Redoc show.
 * The spec itself is not changed: samples are made at docs build time, from its operations and examples.
 * @param {any} spec
 * @returns {any}
 */
export function withCodeSamples(spec) {
  const copy = structuredClone(spec);
  for (const operation of specOperations(spec)) {
    copy.paths[operation.path][operation.method.toLowerCase()]['x-codeSamples'] = codeSamplesOf(
      operation,
    ).map(({ lang, label, source }) => ({ lang, label, source }));
  }
  return copy;
}
