import type { InferenceInfraClient } from '@inference-infra/fetch-client';
import { getContext, hasContext, setContext } from 'svelte';

const clientKey = Symbol('inference-infra client');

/**
 * Hands a fetch client to the queries of this component and every one below it, as svelte-query's
 * `setQueryClientContext` hands them the QueryClient: call it while the root component initialises.
 */
export function setInferenceInfraClientContext(client: InferenceInfraClient): void {
  setContext(clientKey, client);
}

/** The client given, else the one set on the context; throws when there is neither. Call it while a component initialises. */
export function getInferenceInfraClientContext(client?: InferenceInfraClient): InferenceInfraClient {
  const resolved =
    client ?? (hasContext(clientKey) ? getContext<InferenceInfraClient>(clientKey) : undefined);
  if (!resolved) {
    throw new Error(
      'No inference-infra client: call setInferenceInfraClientContext(createClient(...)) in the root component ' +
        'or pass { client } to the query.',
    );
  }
  return resolved;
}
