import { InjectionToken, inject, type Provider } from '@angular/core';
import type { InferenceInfraClient } from '@inference-infra/fetch-client';

const clientToken = new InjectionToken<InferenceInfraClient>('inference-infra client');

/**
 * Provides a fetch client to the queries of the application, beside `provideTanStackQuery(new QueryClient())`:
 * `bootstrapApplication(App, { providers: [provideTanStackQuery(...), provideInferenceInfraClient(client)] })`.
 */
export function provideInferenceInfraClient(client: InferenceInfraClient): Provider {
  return { provide: clientToken, useValue: client };
}

/**
 * The client given, else the provided one; throws when there is neither. Call it in an injection context (a field
 * initialiser or a constructor), as Angular's `inject`: the `inject...` functions do.
 */
export function injectInferenceInfraClient(client?: InferenceInfraClient): InferenceInfraClient {
  const resolved = client ?? inject(clientToken, { optional: true });
  if (!resolved) {
    throw new Error(
      'No inference-infra client: add provideInferenceInfraClient(createClient(...)) to the providers ' +
        'or pass { client } to the query.',
    );
  }
  return resolved;
}
