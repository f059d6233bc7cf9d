import { buildClient, type InferenceInfraClient } from './internal/buildClient.js';
import type { ValidatingClientOptions } from './internal/clientConfig.js';
import { zodRequestValidator } from './zodRequestValidator.js';

export type { ValidatingClientOptions } from './internal/clientConfig.js';
export * from './publicApi.js';

/** One client, one key, both base addresses; every request goes to the base address its path belongs to. */
export function createClient(options: ValidatingClientOptions = {}): InferenceInfraClient {
  return buildClient(options, ({ validate = true }) => (validate ? zodRequestValidator : undefined));
}
