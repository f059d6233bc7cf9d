import type { Middleware } from 'openapi-fetch';
import { type BillingResource, billingResource } from '../resources/billing.js';
import { type ChatResource, chatResource } from '../resources/chat.js';
import { type EmbeddingsResource, embeddingsResource } from '../resources/embeddings.js';
import { type ImagesResource, imagesResource } from '../resources/images.js';
import { type InstancesResource, instancesResource } from '../resources/instances.js';
import { type StorageResource, storageResource } from '../resources/storage.js';
import type { ValidatingClientOptions } from './clientConfig.js';
import { createCoreClient, type LowLevelClient } from './createCoreClient.js';
import type { RequestValidator } from './requestValidator.js';

/**
 * The client: the low-level typed calls plus one resource object per part of the API. Declared, not inferred, so
 * published declarations name openapi-fetch's `Client` instead of expanding it into instantiations that a consumer
 * with `skipLibCheck: false` would re-check (and reject).
 */
export interface InferenceInfraClient extends LowLevelClient {
  instances: InstancesResource;
  storage: StorageResource;
  billing: BillingResource;
  chat: ChatResource;
  images: ImagesResource;
  embeddings: EmbeddingsResource;
  /**
   * A new client with these options over this one's: each option given replaces this client's, except `headers`,
   * which are added to its headers. It starts with the middleware registered here so far; from then on the two
   * share nothing that changes (middleware added to one is not added to the other).
   */
  withOptions(options: ValidatingClientOptions): InferenceInfraClient;
}

/** Which validator a client with these options uses: the entries differ only in this. */
export type ValidatorFor = (options: ValidatingClientOptions) => RequestValidator | undefined;

export function buildClient(
  options: ValidatingClientOptions,
  validatorFor: ValidatorFor,
  middleware: Middleware[] = [],
): InferenceInfraClient {
  const core = createCoreClient(options, validatorFor(options));
  if (middleware.length > 0) core.lowLevel.use(...middleware);
  return {
    ...core.lowLevel,
    instances: instancesResource(core),
    storage: storageResource(core),
    billing: billingResource(core),
    chat: chatResource(core),
    images: imagesResource(core),
    embeddings: embeddingsResource(core),
    withOptions: (overrides) =>
      buildClient(
        { ...options, ...overrides, headers: { ...options.headers, ...overrides.headers } },
        validatorFor,
        core.middleware(),
      ),
  };
}
