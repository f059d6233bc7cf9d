// Plain JavaScript with JSDoc types: the docs build (`node scripts/buildDocs.js`) imports it without a TypeScript
// loader, and the tests import the same module, so the samples they run are the samples the site shows.
import { jsonRequestBody, resolvePointer, specModelOf } from '@inference-infra/types/spec-model';

/**
 * @typedef {object} SampleRequest One request a sample sends: everything comes from the spec's own examples.
 * @property {string} name `default`, or the name of the request body example it was made from.
 * @property {Record<string, string | number | boolean>} pathParams
 * @property {Record<string, string | number | boolean>} query
 * @property {unknown} [body]
 * @property {boolean} streamed The body example asks for `stream: true`, so the answer is server-sent events.
 */

/**
 * @typedef {object} SpecOperation
 * @property {string} operationId
 * @property {string} method Upper case, as clients and curl spell it.
 * @property {string} path As the spec writes it, e.g. `/api/v1/storage/{id}`.
 * @property {string} summary
 * @property {string} tag
 * @property {string} serverVariable The one variable of the operation's server: `base_url` or `platform_url`.
 * @property {string} serverDefault That variable's default address.
 * @property {SampleRequest[]} requests The first body example, plus each streamed one: a stream is read differently.
 * @property {import('@inference-infra/types/spec-model').SdkNames} sdk What each client calls it (`x-sdk`).
 */

/**
 * Follows a local `$ref` (`#/components/...`) of the bundled spec, as the toolkit's spec model resolves it; anything
 * else is returned as is.
 * @param {any} spec
 * @param {any} node
 * @returns {any}
 */
export function resolveRef(spec, node) {
  if (!node || typeof node.$ref !== 'string') return node;
  return resolvePointer(spec, node.$ref).value;
}

/**
 * Parameters of `location` with their example values; a required one without an example cannot be sampled.
 * @param {import('@inference-infra/types/spec-model').SpecOperation} operation
 * @param {'path' | 'query'} location
 * @param {string} label
 */
function parameterExamples(operation, location, label) {
  /** @type {Record<string, string | number | boolean>} */
  const values = {};
  for (const parameter of operation.parameters) {
    if (parameter.in !== location) continue;
    if (parameter.example !== undefined) values[parameter.name] = /** @type {any} */ (parameter.example);
    else if (parameter.required)
      throw new Error(`${label}: required parameter ${parameter.name} has no example`);
  }
  return values;
}

/**
 * The requests to make samples of: one per body example that is the first or a streamed one, else one without body.
 * @param {import('@inference-infra/types/spec-model').SpecOperation} operation
 * @param {Omit<SampleRequest, 'name' | 'body' | 'streamed'>} parameters
 * @param {string} label
 * @returns {SampleRequest[]}
 */
function sampleRequests(operation, parameters, label) {
  const content = jsonRequestBody(operation);
  if (!content) return [{ name: 'default', ...parameters, streamed: false }];
  /** @type {{ name: string, body: any }[]} */
  const examples = Object.entries(content.examples).map(([name, body]) => ({ name, body }));
  if (examples.length === 0 && content.example !== undefined)
    examples.push({ name: 'default', body: content.example });
  if (examples.length === 0)
    throw new Error(`${label}: the request body has no example to make a sample from`);
  return examples
    .map((example) => ({ ...example, ...parameters, streamed: example.body?.stream === true }))
    .filter((request, index) => index === 0 || request.streamed);
}

/**
 * Every operation of the bundled spec, in the spec's order (as the toolkit's spec model reads it), with what its
 * samples need.
 * @param {any} spec The bundled OpenAPI document.
 * @returns {SpecOperation[]}
 */
export function specOperations(spec) {
  return specModelOf(spec).operations.map((operation) => {
    const label = `${operation.method} ${operation.path}`;
    return {
      operationId: operation.operationId,
      method: operation.method,
      path: operation.path,
      summary: operation.summary ?? '',
      tag: operation.tags[0] ?? '',
      // The spec model requires exactly one server per operation, so each sample has one address.
      serverVariable: operation.server.variable,
      serverDefault: operation.server.default,
      sdk: operation.sdk,
      requests: sampleRequests(
        operation,
        {
          pathParams: parameterExamples(operation, 'path', label),
          query: parameterExamples(operation, 'query', label),
        },
        label,
      ),
    };
  });
}

/**
 * The request's full address at the operation's default server, e.g.
 * `http://127.0.0.1:4011/api/v1/instances/types?gpu_type=H100`.
 * @param {SpecOperation} operation
 * @param {SampleRequest} request
 */
export function requestUrl(operation, request) {
  const path = operation.path.replace(/\{(\w+)\}/g, (_, name) =>
    encodeURIComponent(String(request.pathParams[name])),
  );
  const query = new URLSearchParams(
    Object.entries(request.query).map(([name, value]) => [name, String(value)]),
  ).toString();
  return `${operation.serverDefault}${path}${query ? `?${query}` : ''}`;
}
