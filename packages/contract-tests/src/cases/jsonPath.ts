/** A place in a JSON value: property names and array indexes from the root, `['messages', 0, 'role']`. */
export type Path = Array<string | number>;

/**
 * The key the walks give an entry of a map (an object whose values share one schema, as `logit_bias`): a token id,
 * which every map of the spec takes as a key, and no property of the spec is named. The coverage map writes it `*`.
 */
export const mapKey = '1';

/** Given to `setAt` as the replacement, removes the field: how a case leaves out a required field. */
export const removed = Symbol('removed');

/** The field as a reader writes it: `limit`, `messages[0].role`. */
export function fieldName(path: Path): string {
  return path
    .map((token, i) => (typeof token === 'number' ? `[${token}]` : i === 0 ? token : `.${token}`))
    .join('');
}

export function getAt(value: unknown, path: Path): unknown {
  let current = value;
  for (const token of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string | number, unknown>)[token];
  }
  return current;
}

/** A copy of `value` with `replacement` at `path` (or the field removed), creating parents as needed. */
export function setAt(value: unknown, path: Path, replacement: unknown): unknown {
  const root = structuredClone(value ?? {}) as Record<string | number, unknown>;
  let parent = root;
  path.forEach((token, index) => {
    if (index === path.length - 1) {
      if (replacement === removed) delete parent[token];
      else parent[token] = replacement;
      return;
    }
    if (typeof parent[token] !== 'object' || parent[token] === null) {
      parent[token] = typeof path[index + 1] === 'number' ? [] : {};
    }
    parent = parent[token] as Record<string | number, unknown>;
  });
  return root;
}

/**
 * The pointer of a property's schema under an object schema's pointer. The name is escaped as a JSON pointer token
 * (RFC 6901: `~` as `~0`, then `/` as `~1`), since a property name may hold either.
 */
export function propertyPointer(objectPointer: string, name: string): string {
  return `${objectPointer}/properties/${name.replaceAll('~', '~0').replaceAll('/', '~1')}`;
}
