/**
 * The client without request validation: for size-bound browser apps, which leave validation to the server.
 * Everything else (routing, retries, timeouts, typed errors, streams, paging) is the same as the main entry.
 */
import { buildClient, type InferenceInfraClient } from './internal/buildClient.js';
import type { ClientOptions } from './internal/clientConfig.js';

export * from './publicApi.js';

export function createClient(options: ClientOptions = {}): InferenceInfraClient {
  return buildClient(options, () => undefined);
}
