// Plain JavaScript with JSDoc types: the docs build (`node scripts/buildDocs.js`) imports it without a TypeScript
// loader, and the tests import the same module, so the samples they run are the samples the site shows.

const httpMethods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

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
 */

/**
 * Follows a local `$ref` (`#/components/...`) of the bundled spec; anything else is returned as is.
 * @param {any} spec
 * @param {any} node
 * @returns {any}
 */
export function resolveRef(spec, node) {
  if (!node || typeof node.$ref !== 'string') return node;
  const target = node.$ref
    .slice(2)
    .split('/')
    .reduce((/** @type {any} */ at, /** @type {string} */ key) => at?.[key], spec);
  if (target === undefined) throw new Error(`Unresolvable $ref ${node.$ref}`);
  return resolveRef(spec, target);
}

/**
 * The one server an operation is sent to, operation level first, then path level, then the document's. Every path
 * of this API names exactly one server with exactly one variable; anything else would need a sample per server,
 * so it is refused here rather than guessed.
 * @param {any} spec
 * @param {any} pathItem
 * @param {any} operation
 * @param {string} label
 */
function serverOf(spec, pathItem, operation, label) {
  const servers = operation.servers ?? pathItem.servers ?? spec.servers ?? [];
  const variableNames = Object.keys(servers[0]?.variables ?? {});
  if (servers.length !== 1 || variableNames.length !== 1 || servers[0].url !== `{${variableNames[0]}}`) {
    throw new Error(`${label}: expected exactly one server of the form {variable}, found ${servers.length}`);
  }
  const name = /** @type {string} */ (variableNames[0]);
  return { serverVariable: name, serverDefault: servers[0].variables[name].default };
}

/**
 * Parameters of `location` with their example values; a required one without an example cannot be sampled.
 * @param {any} spec
 * @param {any[]} parameters
 * @param {'path' | 'query'} location
 * @param {string} label
 */
function parameterExamples(spec, parameters, location, label) {
  /** @type {Record<string, string | number | boolean>} */
  const values = {};
  for (const parameter of parameters.map((p) => resolveRef(spec, p))) {
    if (parameter.in !== location) continue;
    const example = parameter.example ?? resolveRef(spec, Object.values(parameter.examples ?? {})[0])?.value;
    if (example !== undefined) values[parameter.name] = example;
    else if (parameter.required)
      throw new Error(`${label}: required parameter ${parameter.name} has no example`);
  }
  return values;
}

/**
 * The requests to make samples of: one per body example that is the first or a streamed one, else one without body.
 * @param {any} spec
 * @param {any} operation
 * @param {Omit<SampleRequest, 'name' | 'body' | 'streamed'>} parameters
 * @param {string} label
 * @returns {SampleRequest[]}
 */
function sampleRequests(spec, operation, parameters, label) {
  const content = resolveRef(spec, operation.requestBody)?.content?.['application/json'];
  if (!content) return [{ name: 'default', ...parameters, streamed: false }];
  const examples = Object.entries(content.examples ?? {}).map(([name, example]) => ({
    name,
    body: resolveRef(spec, example).value,
  }));
  if (examples.length === 0 && content.example !== undefined)
    examples.push({ name: 'default', body: content.example });
  if (examples.length === 0)
    throw new Error(`${label}: the request body has no example to make a sample from`);
  return examples
    .map((example) => ({ ...example, ...parameters, streamed: example.body?.stream === true }))
    .filter((request, index) => index === 0 || request.streamed);
}

/**
 * Every operation of the bundled spec, in the spec's order, with what its samples need.
 * @param {any} spec The bundled OpenAPI document.
 * @returns {SpecOperation[]}
 */
export function specOperations(spec) {
  return Object.entries(spec.paths).flatMap(([path, pathItem]) =>
    httpMethods
      .filter((method) => pathItem[method])
      .map((method) => {
        const operation = pathItem[method];
        const label = `${method.toUpperCase()} ${path}`;
        const parameters = [...(pathItem.parameters ?? []), ...(operation.parameters ?? [])];
        return {
          operationId: operation.operationId,
          method: method.toUpperCase(),
          path,
          summary: operation.summary,
          tag: operation.tags?.[0],
          ...serverOf(spec, pathItem, operation, label),
          requests: sampleRequests(
            spec,
            operation,
            {
              pathParams: parameterExamples(spec, parameters, 'path', label),
              query: parameterExamples(spec, parameters, 'query', label),
            },
            label,
          ),
        };
      }),
  );
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
