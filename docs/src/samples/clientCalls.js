/**
 * Which call of each client sends an operation. This is the one piece the spec cannot give: the names the toolkit's
 * packages chose for their methods and hooks. Arguments are derived, not listed: path parameters in path order,
 * then the query, then the body, which is the signature every method of the fetch client has. A new operation
 * without an entry here fails the docs build, so no operation goes without samples.
 *
 * @typedef {object} ClientCall
 * @property {string} fetchClient Method of `createClient()`'s result, e.g. `instances.listTypes`.
 * @property {string} [openai] Method of the official `openai` client; inference operations only.
 * @property {string} [openaiBodyType] Set when the body has fields of this API that OpenAI's types do not list (an
 *   image's `width`): the `openai` namespace type the body is asserted to, so the sample type-checks; the client
 *   sends every field as given.
 * @property {string} hook The React hook of `@inference-infra/react-hooks`.
 * @property {'query' | 'mutation'} hookKind A query hook takes the query; a mutation hook's `mutate` takes the
 *   path parameters and the body as one object.
 * @property {string} [streamHook] The hook for a streamed answer, when the operation has one.
 */

/** @type {Readonly<Record<string, ClientCall>>} */
export const clientCalls = {
  createChatCompletion: {
    fetchClient: 'chat.completions.create',
    openai: 'chat.completions.create',
    hook: 'useChatCompletion',
    hookKind: 'mutation',
    streamHook: 'useChatCompletionStream',
  },
  generateImages: {
    fetchClient: 'images.generate',
    openai: 'images.generate',
    openaiBodyType: 'ImageGenerateParamsNonStreaming',
    hook: 'useGenerateImages',
    hookKind: 'mutation',
  },
  createEmbeddings: {
    fetchClient: 'embeddings.create',
    openai: 'embeddings.create',
    hook: 'useEmbeddings',
    hookKind: 'mutation',
  },
  listInstanceTypes: { fetchClient: 'instances.listTypes', hook: 'useInstanceTypes', hookKind: 'query' },
  resizeVolume: { fetchClient: 'storage.resize', hook: 'useResizeVolume', hookKind: 'mutation' },
  listBillingTransactions: {
    fetchClient: 'billing.listTransactions',
    hook: 'useBillingTransactions',
    hookKind: 'query',
  },
};

/**
 * @param {string} operationId
 * @returns {ClientCall}
 */
export function clientCallOf(operationId) {
  const call = clientCalls[operationId];
  if (!call) {
    throw new Error(
      `No client call is known for operation ${operationId}: add it to docs/src/samples/clientCalls.js so the ` +
        'site can show, and the tests can run, its samples.',
    );
  }
  return call;
}
