import type { CreateEmbeddingsBody, CreateEmbeddingsResponse } from '@inference-infra/types';
import type { APIPromise } from '../apiPromise.js';
import type { CallOptions, CoreClient } from '../internal/createCoreClient.js';
import type { WithRequestId } from '../internal/withRequestId.js';

export function embeddingsResource(core: CoreClient) {
  return {
    /** One embedding per input item, in input order. Billable: never retried once sent. */
    create(
      body: CreateEmbeddingsBody,
      options?: CallOptions,
    ): APIPromise<WithRequestId<CreateEmbeddingsResponse>> {
      return core.call('POST', '/embeddings', { body }, options);
    },
  };
}

export type EmbeddingsResource = ReturnType<typeof embeddingsResource>;
