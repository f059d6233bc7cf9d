import type { ContractCheck } from '../../engine/check.js';
import type { SchemaValidator } from '../../model/schemaValidator.js';
import type { ContractSpec } from '../../model/spec.js';
import { ofOperationsInSpec } from '../shared/checkFamilies.js';
import { chatMeaningProperties, embeddingBatchProperties } from './answerMeaningProperties.js';
import { compatibilityTableProperties } from './compatibilityTableProperties.js';
import { embeddingDimensionProperties } from './embeddingDimensionProperties.js';
import { identityProperties } from './identityProperties.js';
import { imageSizeProperties } from './imageSizeProperties.js';
import { pagingProperties } from './pagingProperties.js';
import { requestIdProperties } from './requestIdProperties.js';
import { wireFormProperties } from './wireFormProperties.js';

/**
 * The hand-written behavioural properties: what answers mean and how they relate (rules across fields, request ids,
 * paging under filters, identity, wire forms), each over generated cases and judged by the answer the spec gives.
 * The generic per-operation checks come from the spec; these are the promises no single field's rules reach. Each
 * family is about named operations, so one the spec no longer has leaves it out.
 */
export function behaviourChecks(spec: ContractSpec, _validator: SchemaValidator): ContractCheck[] {
  return [
    ...ofOperationsInSpec(() => requestIdProperties(spec)),
    ...ofOperationsInSpec(() => imageSizeProperties(spec)),
    ...ofOperationsInSpec(() => embeddingDimensionProperties(spec)),
    ...ofOperationsInSpec(() => compatibilityTableProperties(spec)),
    ...ofOperationsInSpec(() => chatMeaningProperties(spec)),
    ...ofOperationsInSpec(() => embeddingBatchProperties(spec)),
    ...ofOperationsInSpec(() => pagingProperties(spec)),
    ...ofOperationsInSpec(() => identityProperties(spec)),
    ...ofOperationsInSpec(() => wireFormProperties(spec)),
  ];
}
