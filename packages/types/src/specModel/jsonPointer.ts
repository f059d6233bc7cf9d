/** A JSON object of the bundle, walked generically; its shape is the spec's, checked by the spec's own tests. */
export type JsonObject = Record<string, unknown>;

/** One reference token of a JSON pointer (RFC 6901): `~` and `/` escaped. */
export function escapePointerToken(token: string): string {
  return token.replaceAll('~', '~0').replaceAll('/', '~1');
}

/** The pointer (`#/...`, as `$ref`s write them) to the value under `tokens`. */
export function pointerOf(...tokens: string[]): string {
  return `#/${tokens.map(escapePointerToken).join('/')}`;
}

/** The value a `#/...` pointer names in `document`, or undefined when nothing is there. */
export function valueAt(document: JsonObject, pointer: string): unknown {
  let value: unknown = document;
  for (const raw of pointer.replace(/^#\/?/, '').split('/').filter(Boolean)) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as JsonObject)[raw.replaceAll('~1', '/').replaceAll('~0', '~')];
  }
  return value;
}

/** Where a chain of `$ref`s from a pointer ends: the pointer of the object it ends at, and that object. */
export interface Resolved {
  pointer: string;
  value: JsonObject;
}

/**
 * Follows `$ref`s from `start` until an object that is not a reference. Only local references (`#/...`) exist in a
 * bundle; a reference to nothing, to a non-object or a loop is an error naming where it started.
 */
export function resolvePointer(document: JsonObject, start: string): Resolved {
  let pointer = start;
  const seen = new Set<string>();
  for (;;) {
    const value = valueAt(document, pointer);
    if (typeof value !== 'object' || value === null) throw new Error(`spec: nothing at ${pointer}`);
    const ref = (value as JsonObject).$ref;
    if (typeof ref !== 'string') return { pointer, value: value as JsonObject };
    if (!ref.startsWith('#/'))
      throw new Error(`spec: only local $refs are resolved, not ${ref} (at ${pointer})`);
    if (seen.has(ref)) throw new Error(`spec: $ref loop through ${ref} from ${start}`);
    seen.add(ref);
    pointer = ref;
  }
}
