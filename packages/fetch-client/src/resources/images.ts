import type { GenerateImagesBody, GenerateImagesResponse } from '@inference-infra/types';
import type { APIPromise } from '../apiPromise.js';
import type { CallOptions, CoreClient } from '../internal/createCoreClient.js';
import type { WithRequestId } from '../internal/withRequestId.js';

export function imagesResource(core: CoreClient) {
  return {
    /** Generates images; each result has `url` or `b64_json` per `response_format`. Billable: never retried once sent. */
    generate(
      body: GenerateImagesBody,
      options?: CallOptions,
    ): APIPromise<WithRequestId<GenerateImagesResponse>> {
      return core.call('POST', '/images/generations', { body }, options);
    },
  };
}

export type ImagesResource = ReturnType<typeof imagesResource>;
