import type { ContractCheck } from '../../engine/check.js';
import type { ContractSpec } from '../../model/spec.js';
import { ofOperationsInSpec } from '../shared/checkFamilies.js';
import { concurrentReadProperties } from './concurrentReads.js';
import { concurrentResizeProperties } from './concurrentResizes.js';

/**
 * Properties over sequences of calls as a live service sees them: many requests in flight at once over several
 * connections, writes racing each other, reads among them. Bounded by `--max-in-flight` and each property's cases.
 */
export function sequenceChecks(spec: ContractSpec): ContractCheck[] {
  return [
    ...ofOperationsInSpec(() => concurrentReadProperties(spec)),
    ...ofOperationsInSpec(() => concurrentResizeProperties(spec)),
  ];
}
