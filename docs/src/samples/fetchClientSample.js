import { clientCallOf } from './clientCalls.js';
import { keySource, keyVariable } from './curlSample.js';
import { tsLiteral } from './tsLiteral.js';

/** The fetch client's option for each server variable of the spec. */
const clientOptionOf = /** @type {Record<string, string>} */ ({
  base_url: 'baseUrl',
  platform_url: 'platformUrl',
});

/**
 * The `createClient` option that sets the operation's base address; a server variable the client has no option
 * for is refused rather than sampled wrong.
 * @param {import('../specOperations.js').SpecOperation} operation
 * @returns {string}
 */
export function baseAddressOption(operation) {
  const option = clientOptionOf[operation.serverVariable];
  if (!option)
    throw new Error(`${operation.operationId}: no fetch client option for {${operation.serverVariable}}`);
  return option;
}

/**
 * The arguments of a fetch-client method: path parameters in path order, then the query, then the body.
 * @param {import('../specOperations.js').SpecOperation} operation
 * @param {import('../specOperations.js').SampleRequest} request
 * @param {string} indent
 */
export function callArguments(operation, request, indent) {
  const pathNames = [...operation.path.matchAll(/\{(\w+)\}/g)].map(
    (match) => /** @type {string} */ (match[1]),
  );
  return [
    ...pathNames.map((name) => tsLiteral(request.pathParams[name], indent)),
    ...(Object.keys(request.query).length > 0 ? [tsLiteral(request.query, indent)] : []),
    ...(request.body === undefined ? [] : [tsLiteral(request.body, indent)]),
  ].join(', ');
}

/**
 * A Node script with `@inference-infra/fetch-client`: the whole answer printed as JSON, or a stream's text as it
 * arrives.
 * @param {import('../specOperations.js').SpecOperation} operation
 * @param {import('../specOperations.js').SampleRequest} request
 * @returns {string}
 */
export function fetchClientSample(operation, request) {
  const option = baseAddressOption(operation);
  const call = `client.${clientCallOf(operation).fetchClient}(${callArguments(operation, request, '')})`;
  return [
    `import { createClient } from '@inference-infra/fetch-client';`,
    '',
    'const client = createClient({',
    `  // ${keyVariable}: ${keySource}.`,
    `  apiKey: process.env.${keyVariable},`,
    `  ${option}: '${operation.serverDefault}',`,
    '});',
    '',
    ...(request.streamed
      ? [
          `const stream = await ${call};`,
          `for await (const chunk of stream) process.stdout.write(chunk.choices[0]?.delta.content ?? '');`,
        ]
      : [`const answer = await ${call};`, 'console.log(JSON.stringify(answer, null, 2));']),
    '',
  ].join('\n');
}
