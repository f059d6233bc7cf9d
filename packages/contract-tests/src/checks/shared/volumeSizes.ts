import type { CheckContext } from '../../engine/check.js';

/** The size the next growth asks for: one GB more than the volume has, so a live run costs as little as possible. */
export function nextSize(ctx: CheckContext, maximum: number): number {
  const current = ctx.state.volumeSizeGb;
  if (current === undefined)
    throw new Error('the current size of the volume is not known: pass --volume-size');
  if (current + 1 > maximum)
    throw new Error(`the volume is already at the largest size (${maximum} GB): use another one`);
  return current + 1;
}
