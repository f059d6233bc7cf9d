import type { Middleware } from 'openapi-fetch';
import { type GeneratedResources, generatedResources } from '../resources/resources.gen.js';
import { createCallPipeline, type LowLevelClient } from './callPipeline.js';
import type { ValidatingClientOptions } from './clientConfig.js';
import type { RequestValidator } from './requestValidator.js';

/**
 * The client: the low-level typed calls plus one resource object per part of the API, generated from the spec
 * (`resources.gen.ts`: one method per operation, named by its `x-sdk`). Declared, not inferred, so
 * published declarations name openapi-fetch's `Client` instead of expanding it into instantiations that a consumer
 * with `skipLibCheck: false` would re-check (and reject).
 */
export interface InferenceInfraClient extends LowLevelClient, GeneratedResources {
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
  const pipeline = createCallPipeline(options, validatorFor(options));
  if (middleware.length > 0) pipeline.lowLevel.use(...middleware);
  return {
    ...pipeline.lowLevel,
    ...generatedResources(pipeline),
    withOptions: (overrides) =>
      buildClient(
        { ...options, ...overrides, headers: { ...options.headers, ...overrides.headers } },
        validatorFor,
        pipeline.middleware(),
      ),
  };
}
