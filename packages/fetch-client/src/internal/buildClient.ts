import { billingResource } from '../resources/billing.js';
import { chatResource } from '../resources/chat.js';
import { embeddingsResource } from '../resources/embeddings.js';
import { imagesResource } from '../resources/images.js';
import { instancesResource } from '../resources/instances.js';
import { storageResource } from '../resources/storage.js';
import type { CoreClient, LowLevelClient } from './createCoreClient.js';

/** The low-level typed calls plus one resource object per part of the API. */
export function buildClient(core: CoreClient) {
  const lowLevel: LowLevelClient = {
    GET: core.GET,
    POST: core.POST,
    PATCH: core.PATCH,
    PUT: core.PUT,
    DELETE: core.DELETE,
    use: core.use,
    eject: core.eject,
  };
  return {
    ...lowLevel,
    instances: instancesResource(core),
    storage: storageResource(core),
    billing: billingResource(core),
    chat: chatResource(core),
    images: imagesResource(core),
    embeddings: embeddingsResource(core),
  };
}

export type InferenceInfraClient = ReturnType<typeof buildClient>;
