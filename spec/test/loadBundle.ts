import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
// The toolkit's one spec model, from its source: @inference-infra/types builds from this package's bundle, so it
// cannot be a dependency here, but these tests walk the bundle the same way every generator and the mock do.
import { resolvePointer, specModelOf } from '../../packages/types/src/specModel/index.js';

// Tests read the bundle, never the split files: the bundle is what every package and partner consumes.
export const bundlePath = fileURLToPath(new URL('../dist/openapi.json', import.meta.url));

// biome-ignore lint/suspicious/noExplicitAny: the bundle is walked generically; its shape is checked by the tests.
export type Json = any;

export function loadBundle(): Json {
  return JSON.parse(readFileSync(bundlePath, 'utf8'));
}

/** Follows local `$ref`s (`#/components/...`) until a non-reference object is reached. */
export function deref(doc: Json, node: Json): Json {
  if (!node || typeof node !== 'object' || typeof node.$ref !== 'string') return node;
  return resolvePointer(doc, node.$ref).value;
}

export interface OperationEntry {
  path: string;
  /** Lower case, as the path item keys it. */
  method: string;
  pathItem: Json;
  operation: Json;
}

/** Every operation as the spec model finds it, with its path item and operation object as written in the bundle. */
export function operationsOf(doc: Json): OperationEntry[] {
  return specModelOf(doc).operations.map(({ path, method }) => {
    const pathItem = doc.paths[path];
    return { path, method: method.toLowerCase(), pathItem, operation: pathItem[method.toLowerCase()] };
  });
}
