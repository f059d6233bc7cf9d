import { type BillingResource, billingResource } from '../resources/billing.js';
import { type ChatResource, chatResource } from '../resources/chat.js';
import { type EmbeddingsResource, embeddingsResource } from '../resources/embeddings.js';
import { type ImagesResource, imagesResource } from '../resources/images.js';
import { type InstancesResource, instancesResource } from '../resources/instances.js';
import { type StorageResource, storageResource } from '../resources/storage.js';
import type { CoreClient, LowLevelClient } from './createCoreClient.js';

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
}

export function buildClient(core: CoreClient): InferenceInfraClient {
  return {
    ...core.lowLevel,
    instances: instancesResource(core),
    storage: storageResource(core),
    billing: billingResource(core),
    chat: chatResource(core),
    images: imagesResource(core),
    embeddings: embeddingsResource(core),
  };
}
