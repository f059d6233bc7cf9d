import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// Tests read the bundle, never the split files: the bundle is what every package and partner consumes.
export const bundlePath = fileURLToPath(new URL('../dist/openapi.json', import.meta.url));

// biome-ignore lint/suspicious/noExplicitAny: the bundle is walked generically; its shape is checked by the tests.
export type Json = any;

export function loadBundle(): Json {
  return JSON.parse(readFileSync(bundlePath, 'utf8'));
}

/** Follows local `$ref`s (`#/components/...`) until a non-reference object is reached. */
export function deref(doc: Json, node: Json): Json {
  let current = node;
  const seen = new Set<string>();
  while (current && typeof current === 'object' && typeof current.$ref === 'string') {
    const ref: string = current.$ref;
    if (!ref.startsWith('#/') || seen.has(ref)) throw new Error(`unresolvable $ref ${ref}`);
    seen.add(ref);
    current = ref
      .slice(2)
      .split('/')
      .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce((value: Json, key: string) => value?.[key], doc);
    if (current === undefined) throw new Error(`$ref ${ref} points nowhere`);
  }
  return current;
}

export const httpMethods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

export interface OperationEntry {
  path: string;
  method: string;
  pathItem: Json;
  operation: Json;
}

export function operationsOf(doc: Json): OperationEntry[] {
  return Object.entries<Json>(doc.paths).flatMap(([path, pathItem]) =>
    httpMethods
      .filter((method) => pathItem[method])
      .map((method) => ({ path, method, pathItem, operation: pathItem[method] })),
  );
}
