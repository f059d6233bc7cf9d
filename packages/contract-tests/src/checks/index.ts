import type { SchemaValidator } from '../model/schemaValidator.js';
import type { ContractSpec } from '../model/spec.js';
import { acceptanceChecks } from './acceptanceChecks.js';
import { authChecks } from './authChecks.js';
import { behaviourChecks } from './behaviour/index.js';
import { chatChecks } from './chatChecks.js';
import type { ContractCheck } from './check.js';
import { compatibilityChecks } from './compatibilityChecks.js';
import { defaultChecks } from './defaultChecks.js';
import { embeddingChecks } from './embeddingChecks.js';
import { generatedChecks } from './generated/index.js';
import { imageChecks, imageSizeChecks } from './imageChecks.js';
import { instanceTypeChecks } from './instanceTypeChecks.js';
import { negativeChecks } from './negativeChecks.js';
import { requestIdChecks } from './requestIdChecks.js';
import { requestShapeChecks } from './requestShapeChecks.js';
import { resizeChecks } from './resizeChecks.js';
import { resizeEffectChecks } from './resizeEffectChecks.js';
import { sortOrderChecks } from './sortOrderChecks.js';
import { transactionChecks } from './transactionChecks.js';

export * from './check.js';

/**
 * Every check of the suite, in the order they run: per operation, the answers and semantics first (the resize
 * checks learn the volume's size as they go), then authentication, then the generated negative cases.
 */
export function buildChecks(spec: ContractSpec, validator: SchemaValidator): ContractCheck[] {
  const checks = [
    ...instanceTypeChecks(spec),
    ...sortOrderChecks(spec),
    ...transactionChecks(spec),
    ...defaultChecks(spec),
    ...resizeChecks(spec),
    ...resizeEffectChecks(spec),
    ...imageChecks(spec),
    ...imageSizeChecks(spec),
    ...embeddingChecks(spec),
    ...chatChecks(spec),
    ...compatibilityChecks(spec),
    ...acceptanceChecks(spec, validator),
    ...requestIdChecks(spec),
    ...authChecks(spec),
    ...negativeChecks(spec, validator),
    ...requestShapeChecks(spec),
    ...generatedChecks(spec, validator),
    ...behaviourChecks(spec, validator),
  ];
  const order = spec.operations.map((op) => op.operationId);
  // A stable sort by operation keeps each operation's checks together, in the order above.
  return checks.sort((a, b) => order.indexOf(a.operationId) - order.indexOf(b.operationId));
}
