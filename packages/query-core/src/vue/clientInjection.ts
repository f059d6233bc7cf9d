import type { InferenceInfraClient } from '@inference-infra/fetch-client';
import { type App, type InjectionKey, inject } from 'vue';

const clientKey: InjectionKey<InferenceInfraClient> = Symbol('inference-infra client');

/** What the plugin takes: the client every composable of the app uses, unless one is given its own. */
export interface InferenceInfraPluginOptions {
  client: InferenceInfraClient;
}

/**
 * Hands a fetch client to the composables, as `app.use(VueQueryPlugin)` hands them the QueryClient:
 * `app.use(VueQueryPlugin).use(InferenceInfraPlugin, { client })`. It holds no cache of its own.
 */
export const InferenceInfraPlugin = {
  install(app: App, { client }: InferenceInfraPluginOptions): void {
    app.provide(clientKey, client);
  },
};

/**
 * The client given, else the app's (`InferenceInfraPlugin`); throws when there is neither. Call it in `setup`, as
 * Vue's `inject`: the composables do.
 */
export function useInferenceInfraClient(client?: InferenceInfraClient): InferenceInfraClient {
  const resolved = client ?? inject(clientKey, undefined);
  if (!resolved) {
    throw new Error(
      'No inference-infra client: install it with app.use(InferenceInfraPlugin, { client: createClient(...) }) ' +
        'or pass { client } to the composable.',
    );
  }
  return resolved;
}
