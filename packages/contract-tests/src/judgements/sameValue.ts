/**
 * Compares answers by what they mean, not how they are spelled: a server may write an instant at any RFC 3339 offset
 * (`12:47:09+01:00` is `11:47:09Z`), and a different one in each answer, and a number as `1` or `1.0`. Two answers
 * that say the same thing must compare equal, or the suite fails a server that follows the spec.
 */

/** An RFC 3339 date-time, as the schema validator's `date-time` format reads it (`T`, seconds, `Z` or `+hh:mm`). */
const rfc3339DateTime = /^\d{4}-\d\d-\d\d[Tt]\d\d:\d\d:\d\d(\.\d+)?([Zz]|[+-]\d\d:\d\d)$/;

/** The instant an RFC 3339 date-time names, in milliseconds; undefined for any other value. */
export function instantOf(value: unknown): number | undefined {
  if (typeof value !== 'string' || !rfc3339DateTime.test(value)) return undefined;
  const at = Date.parse(value.toUpperCase());
  return Number.isNaN(at) ? undefined : at;
}

function canonical(value: unknown): unknown {
  const instant = instantOf(value);
  if (instant !== undefined) return { instant };
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  return value;
}

/** JSON of the value with every date-time as its instant and keys in order: equal exactly when the values mean the same. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(canonical(value)) ?? 'undefined';
}

export function sameValue(a: unknown, b: unknown): boolean {
  return canonicalJson(a) === canonicalJson(b);
}
