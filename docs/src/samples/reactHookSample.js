import { clientCallOf } from './clientCalls.js';
import { keylessClientOf } from './keylessClient.js';
import { tsLiteral } from './tsLiteral.js';

/**
 * The component of a hook sample: a query renders its data, a mutation a button that sends the request, a stream
 * the text as it grows. Each renders the answer as JSON (or text) and an error by its message.
 * @param {import('./clientCalls.js').ClientCall} call
 * @param {import('../specOperations.js').SampleRequest} request
 * @param {string} name
 * @returns {string[]}
 */
function componentLines(call, request, name) {
  if (request.streamed && call.streamHook) {
    const { stream: _stream, ...body } = /** @type {Record<string, unknown>} */ (request.body);
    return [
      `function ${name}() {`,
      `  const { start, content, isStreaming, error } = ${call.streamHook}();`,
      `  const send = () => start(${tsLiteral(body, '  ')});`,
      '  return (',
      '    <>',
      '      <button type="button" disabled={isStreaming} onClick={send}>',
      '        Send',
      '      </button>',
      '      <output aria-busy={isStreaming}>{content}</output>',
      '      {error && <p role="alert">{error.message}</p>}',
      '    </>',
      '  );',
      '}',
    ];
  }
  if (call.hookKind === 'query') {
    // A query hook takes the path parameters and the query as one object, as a mutation's variables do.
    const params = { ...request.pathParams, ...request.query };
    const query = Object.keys(params).length > 0 ? tsLiteral(params, '  ') : '';
    return [
      `function ${name}() {`,
      `  const { data, error } = ${call.hook}(${query});`,
      '  if (error) return <p role="alert">{error.message}</p>;',
      `  return <pre>{data ? JSON.stringify(data, null, 2) : 'Loading…'}</pre>;`,
      '}',
    ];
  }
  const variables = { ...request.pathParams, .../** @type {object} */ (request.body) };
  return [
    `function ${name}() {`,
    `  const { mutate, data, error, isPending } = ${call.hook}();`,
    `  const send = () => mutate(${tsLiteral(variables, '  ')});`,
    '  return (',
    '    <>',
    '      <button type="button" disabled={isPending} onClick={send}>',
    '        Send',
    '      </button>',
    '      {data && <pre>{JSON.stringify(data, null, 2)}</pre>}',
    '      {error && <p role="alert">{error.message}</p>}',
    '    </>',
    '  );',
    '}',
  ];
}

/**
 * A React page with `@inference-infra/react-hooks`: the providers, one component calling the operation's hook, and
 * the render into `#root`.
 * @param {import('../specOperations.js').SpecOperation} operation
 * @param {import('../specOperations.js').SampleRequest} request
 * @returns {string}
 */
export function reactHookSample(operation, request) {
  const call = clientCallOf(operation);
  const hook = request.streamed && call.streamHook ? call.streamHook : call.hook;
  const name = operation.operationId.charAt(0).toUpperCase() + operation.operationId.slice(1);
  const keyless = keylessClientOf(operation);
  return [
    `import { createClient } from '@inference-infra/fetch-client';`,
    `import { InferenceInfraProvider, ${hook} } from '@inference-infra/react-hooks';`,
    `import { QueryClient, QueryClientProvider } from '@tanstack/react-query';`,
    `import { createRoot } from 'react-dom/client';`,
    '',
    'const client = createClient({',
    ...keyless.why.map((line) => `  // ${line}`),
    '  apiKey: null,',
    `  ${keyless.option}: ${keyless.address},`,
    '});',
    '',
    ...componentLines(call, request, name),
    '',
    `createRoot(document.getElementById('root')!).render(`,
    '  <QueryClientProvider client={new QueryClient()}>',
    '    <InferenceInfraProvider client={client}>',
    `      <${name} />`,
    '    </InferenceInfraProvider>',
    '  </QueryClientProvider>,',
    ');',
    '',
  ].join('\n');
}
