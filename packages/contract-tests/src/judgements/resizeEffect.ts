import type { ResizeVolumeResponse } from '@inference-infra/types';
import type { effectFields } from '../promises/coverageEntries.js';
import { instantOf, sameValue } from './sameValue.js';

type Volume = ResizeVolumeResponse['data'];

/** Whether a date-time shows fractions of a second: then two changes a moment apart must differ. */
const subSecond = (value: string) => /T\d\d:\d\d:\d\d\.\d+/i.test(value);

/**
 * A volume after a growth, against the volume before it: the size is the one asked, `updatedAt` moved forward (or, for
 * a server that writes whole seconds, at least did not move back within the second), every other field stayed.
 */
export function effectProblem(
  before: Volume,
  after: Volume,
  size: number,
  fields: NonNullable<ReturnType<typeof effectFields>>,
  elapsedMs: number,
): string | undefined {
  if (after.sizeGb !== size) return `answered sizeGb ${after.sizeGb}, not the requested ${size}`;
  for (const field of fields.kept) {
    const [wasValue, isValue] = [
      (before as Record<string, unknown>)[field],
      (after as Record<string, unknown>)[field],
    ];
    if (sameValue(wasValue, isValue)) continue;
    const [was, is] = [JSON.stringify(wasValue), JSON.stringify(isValue)];
    return `${field} changed from ${was} to ${is}, but a resize changes only the size`;
  }
  for (const field of fields.moved) {
    const was = String((before as Record<string, unknown>)[field]);
    const is = String((after as Record<string, unknown>)[field]);
    const [from, to] = [instantOf(was) ?? Number.NaN, instantOf(is) ?? Number.NaN];
    const mustDiffer = subSecond(was) || subSecond(is) || elapsedMs > 1_500;
    if (to < from || (mustDiffer && to === from)) {
      return `${field} is ${is} after the resize, not later than ${was} before it`;
    }
  }
  return undefined;
}
