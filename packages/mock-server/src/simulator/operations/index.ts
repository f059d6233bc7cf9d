import { createChatCompletion } from './createChatCompletion.js';
import { createEmbeddings } from './createEmbeddings.js';
import { generateImages } from './generateImages.js';
import { listBillingTransactions } from './listBillingTransactions.js';
import { listInstanceTypes } from './listInstanceTypes.js';
import type { Operation } from './operationContext.js';
import { resizeVolume } from './resizeVolume.js';

/** The simulator's operations by operationId; `createSimulator` checks that the spec has no operation missing here. */
export const operations: Record<string, Operation> = {
  listInstanceTypes,
  listBillingTransactions,
  resizeVolume,
  createChatCompletion,
  createEmbeddings,
  generateImages,
};
