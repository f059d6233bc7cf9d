import type { ZodEffects, ZodTypeAny } from 'zod';

export interface PropertyCountBounds {
  minProperties?: number;
  maxProperties?: number;
}

function fields(count: number): string {
  return `${count} field${count === 1 ? '' : 's'}`;
}

function ruleOf({ minProperties: min, maxProperties: max }: PropertyCountBounds): string {
  if (min !== undefined && min === max) return `must have exactly ${fields(min)}`;
  if (min !== undefined && max !== undefined) return `must have from ${min} to ${fields(max)}`;
  return min !== undefined ? `must have at least ${fields(min)}` : `must have at most ${fields(max ?? 0)}`;
}

/**
 * The spec's `minProperties`/`maxProperties`, which zod has no check for: a refinement counting the object's
 * own keys (unknown ones too, as JSON Schema counts them).
 *
 * The bounds are also set as `metaOpenApi`, the field @anatine/zod-openapi's `extendApi` writes and its
 * `generateSchema` reads, because a refinement is opaque to it: that is how the drift test sees the bound.
 */
export function withPropertyCount<T extends ZodTypeAny>(
  schema: T,
  bounds: PropertyCountBounds,
): ZodEffects<T> {
  const rule = ruleOf(bounds);
  const refined = schema.superRefine((value, context) => {
    if (value === null || typeof value !== 'object') return;
    const keys = Object.keys(value);
    const { minProperties = 0, maxProperties = Number.POSITIVE_INFINITY } = bounds;
    if (keys.length < minProperties || keys.length > maxProperties) {
      const has = keys.length === 0 ? 'has none' : `has ${keys.length}: ${keys.join(', ')}`;
      context.addIssue({ code: 'custom', message: `${rule} (${has})`, params: { ...bounds } });
    }
  });
  return Object.assign(refined, { metaOpenApi: { ...bounds } });
}
