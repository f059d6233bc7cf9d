import type { InferenceInfraClient } from '@inference-infra/fetch-client';
import { useContext } from 'react';
import { InferenceInfraClientContext } from './internal/clientContext.js';

/** The client given, else the one of the nearest `<InferenceInfraProvider>`; throws when there is neither. */
export function useInferenceInfraClient(client?: InferenceInfraClient): InferenceInfraClient {
  const fromProvider = useContext(InferenceInfraClientContext);
  const resolved = client ?? fromProvider;
  if (!resolved) {
    throw new Error(
      'No inference-infra client: wrap the tree in <InferenceInfraProvider client={createClient(...)}> ' +
        'or pass { client } to the hook.',
    );
  }
  return resolved;
}
