import type { ContractCheck } from '../../engine/check.js';
import type { SchemaValidator } from '../../model/schemaValidator.js';
import type { ContractSpec } from '../../model/spec.js';
import { generic, ofOperationsInSpec } from '../shared/checkFamilies.js';
import { chatProperties } from './chatProperties.js';
import { embeddingProperties } from './embeddingProperties.js';
import { imageProperties } from './imageProperties.js';
import { instanceTypeProperties } from './instanceTypeProperties.js';
import { laxQueryProperties } from './laxQueryProperties.js';
import { refusalBranchProperties } from './refusalBranchProperties.js';
import { resizeWalkProperties } from './resizeWalk.js';
import { transactionProperties } from './transactionProperties.js';

/** Every promise the suite checks over generated cases, as checks of the suite (kind `property`). */
export function generatedChecks(spec: ContractSpec, validator: SchemaValidator): ContractCheck[] {
  return [
    ...ofOperationsInSpec(() => instanceTypeProperties(spec)),
    ...ofOperationsInSpec(() => transactionProperties(spec)),
    ...ofOperationsInSpec(() => imageProperties(spec)),
    ...ofOperationsInSpec(() => embeddingProperties(spec)),
    ...ofOperationsInSpec(() => chatProperties(spec)),
    ...generic(laxQueryProperties(spec)),
    ...generic(refusalBranchProperties(spec, validator)),
    ...ofOperationsInSpec(() => resizeWalkProperties(spec)),
  ];
}
