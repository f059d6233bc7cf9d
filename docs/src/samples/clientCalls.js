/**
 * Which call of each client sends an operation, read from the operation's names in the spec (`x-sdk`, derived by
 * the spec model's naming rule where the spec gives none: `packages/types/src/specModel/sdkNames.ts`). So a new
 * operation gets its samples with no line here. Arguments are derived, not listed: path parameters in path order,
 * then the query, then the body, which is the signature every method of the fetch client has.
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

/**
 * @param {{ operationId: string, sdk: import('@inference-infra/types/spec-model').SdkNames }} operation
 * @returns {ClientCall}
 */
export function clientCallOf({ sdk }) {
  return {
    fetchClient: sdk.method,
    ...(sdk.openai ? { openai: sdk.openai } : {}),
    ...(sdk.openaiBodyType ? { openaiBodyType: sdk.openaiBodyType } : {}),
    hook: `use${sdk.name}`,
    hookKind: sdk.kind,
    ...(sdk.streamed ? { streamHook: `use${sdk.name}Stream` } : {}),
  };
}
