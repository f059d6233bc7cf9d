import type { InferenceInfraClient } from '@inference-infra/fetch-client';
import { createComponent, createContext, type JSX, useContext } from 'solid-js';

const ClientContext = createContext<InferenceInfraClient>();

export interface InferenceInfraProviderProps {
  /** The client every primitive below uses, unless one is given its own. */
  client: InferenceInfraClient;
  children?: JSX.Element;
}

/**
 * Hands a fetch client to the primitives below it. It holds no cache of its own: put it inside solid-query's
 * `QueryClientProvider`. Written without JSX, so this package needs no Solid compiler to build.
 */
export function InferenceInfraProvider(props: InferenceInfraProviderProps): JSX.Element {
  return createComponent(ClientContext.Provider, {
    get value() {
      return props.client;
    },
    get children() {
      return props.children;
    },
  });
}

/** The client given, else the nearest `InferenceInfraProvider`'s; throws when there is neither. */
export function useInferenceInfraClient(client?: InferenceInfraClient): InferenceInfraClient {
  const resolved = client ?? useContext(ClientContext);
  if (!resolved) {
    throw new Error(
      'No inference-infra client: wrap the app in <InferenceInfraProvider client={createClient(...)}> ' +
        'or pass { client } to the primitive.',
    );
  }
  return resolved;
}
