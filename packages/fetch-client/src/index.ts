import { buildClient, type InferenceInfraClient } from './internal/buildClient.js';
import type { ClientOptions } from './internal/clientConfig.js';
import { createCoreClient } from './internal/createCoreClient.js';
import { zodRequestValidator } from './zodRequestValidator.js';

export * from './publicApi.js';

export interface ValidatingClientOptions extends ClientOptions {
  /** Check bodies and queries against the spec before sending (default true). Off leaves it to the server. */
  validate?: boolean;
}

/** One client, one key, both base addresses; every request goes to the base address its path belongs to. */
export function createClient(options: ValidatingClientOptions = {}): InferenceInfraClient {
  const { validate = true, ...clientOptions } = options;
  return buildClient(createCoreClient(clientOptions, validate ? zodRequestValidator : undefined));
}
