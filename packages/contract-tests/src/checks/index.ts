import type { ContractCheck } from '../engine/check.js';
import type { SchemaValidator } from '../model/schemaValidator.js';
import type { ContractSpec } from '../model/spec.js';
import { acceptanceChecks } from './acceptanceChecks.js';
import { authChecks } from './authChecks.js';
import { behaviourChecks } from './behaviour/index.js';
import { chatChecks } from './chatChecks.js';
import { compatibilityChecks } from './compatibilityChecks.js';
import { deactivatedKeyChecks } from './deactivatedKeyChecks.js';
import { defaultChecks } from './defaultChecks.js';
import { embeddingChecks } from './embeddingChecks.js';
import { genericChecks } from './genericChecks.js';
import { imageChecks, imageSizeChecks } from './imageChecks.js';
import { instanceTypeChecks } from './instanceTypeChecks.js';
import { negativeChecks } from './negativeChecks.js';
import { generatedChecks } from './properties/index.js';
import { requestIdChecks } from './requestIdChecks.js';
import { requestShapeChecks } from './requestShapeChecks.js';
import { resizeChecks } from './resizeChecks.js';
import { resizeEffectChecks } from './resizeEffectChecks.js';
import { sequenceChecks } from './sequences/index.js';
import { generic, ofOperationsInSpec } from './shared/checkFamilies.js';
import { sortOrderChecks } from './sortOrderChecks.js';
import { streamFailureChecks } from './streamFailureChecks.js';
import { transactionChecks } from './transactionChecks.js';

export * from '../engine/check.js';

/**
 * Every check of the suite, in the order they run: per operation, the answers and semantics first (the resize
 * checks learn the volume's size as they go), then authentication, then the generated negative cases.
 */
export function buildChecks(spec: ContractSpec, validator: SchemaValidator): ContractCheck[] {
  // A hand-written family is about named operations: one the spec no longer has leaves it out (`ofOperationsInSpec`).
  const checks = [
    ...ofOperationsInSpec(() => instanceTypeChecks(spec)),
    ...ofOperationsInSpec(() => sortOrderChecks(spec)),
    ...ofOperationsInSpec(() => transactionChecks(spec)),
    ...generic(defaultChecks(spec)),
    ...ofOperationsInSpec(() => resizeChecks(spec)),
    // Before the effect checks, whose last grows the volume to the largest size: racing resizes need room to grow.
    ...sequenceChecks(spec),
    ...ofOperationsInSpec(() => resizeEffectChecks(spec)),
    ...ofOperationsInSpec(() => imageChecks(spec)),
    ...ofOperationsInSpec(() => imageSizeChecks(spec)),
    ...ofOperationsInSpec(() => embeddingChecks(spec)),
    ...ofOperationsInSpec(() => chatChecks(spec)),
    ...ofOperationsInSpec(() => compatibilityChecks(spec)),
    ...generic(acceptanceChecks(spec, validator)),
    ...generic(requestIdChecks(spec)),
    ...generic(genericChecks(spec)),
    ...generic(authChecks(spec)),
    ...ofOperationsInSpec(() => deactivatedKeyChecks(spec)),
    ...generic(negativeChecks(spec, validator)),
    ...generic(requestShapeChecks(spec)),
    ...generatedChecks(spec, validator),
    ...behaviourChecks(spec, validator),
    // Last of its operation: it judges the streams that failed in the checks before it.
    ...ofOperationsInSpec(() => streamFailureChecks(spec)),
  ];
  const order = spec.operations.map((op) => op.operationId);
  // A stable sort by operation keeps each operation's checks together, in the order above.
  return checks.sort((a, b) => order.indexOf(a.operationId) - order.indexOf(b.operationId));
}
