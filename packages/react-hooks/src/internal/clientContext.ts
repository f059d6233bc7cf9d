import type { InferenceInfraClient } from '@inference-infra/fetch-client';
import { type Context, createContext } from 'react';

/**
 * Shared by the provider and `useInferenceInfraClient`; not exported from the package. Annotated because the
 * client's inferred type reaches into fetch-client files that its `exports` do not list.
 */
export const InferenceInfraClientContext: Context<InferenceInfraClient | undefined> = createContext<
  InferenceInfraClient | undefined
>(undefined);
