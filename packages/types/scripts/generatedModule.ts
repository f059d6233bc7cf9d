import { componentPrefix, type JsonSchema } from './jsonSchema.js';

// What both zod generators need to write a module of consts: which components a schema names, an order in which
// each is declared before use, the name a reference becomes, and the pure mark that lets bundlers drop unused ones.

/** The component schemas a node names through `$ref`, extensions left out. */
export function referencedComponents(node: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(node)) {
    for (const item of node) referencedComponents(item, found);
  } else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string' && value.startsWith(componentPrefix)) {
        found.add(value.slice(componentPrefix.length));
      } else if (!key.startsWith('x-')) {
        referencedComponents(value, found);
      }
    }
  }
  return found;
}

/** Component names with every dependency before its dependants (spec order otherwise), so no z.lazy is needed. */
export function dependencyOrder(components: Record<string, JsonSchema>): string[] {
  const ordered: string[] = [];
  const visiting: string[] = [];
  const visit = (name: string) => {
    if (ordered.includes(name)) return;
    if (visiting.includes(name)) {
      throw new Error(
        `schemas refer to each other (${[...visiting, name].join(' → ')}); the generator needs z.lazy for that`,
      );
    }
    const schema = components[name];
    if (!schema) throw new Error(`$ref to the unknown schema ${name}`);
    visiting.push(name);
    for (const dependency of referencedComponents(schema)) visit(dependency);
    visiting.pop();
    ordered.push(name);
  };
  for (const name of Object.keys(components)) visit(name);
  return ordered;
}

export const capitalized = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

/**
 * Wraps a schema construction in an IIFE marked pure: zod's builder calls look like side effects to bundlers,
 * so without the mark an app that validates one request would ship every schema of the spec.
 */
export const pure = (expression: string) => `/* @__PURE__ */ (() => ${expression})()`;

/** The const a `#/components/schemas/X` reference becomes: `X`. Any other reference stops the generator. */
export function componentConstFor(components: Record<string, JsonSchema>): (ref: string) => string {
  return (ref) => {
    const name = ref.startsWith(componentPrefix) ? ref.slice(componentPrefix.length) : '';
    if (!(name in components))
      throw new Error(`only references to component schemas are handled, not ${ref}`);
    return name;
  };
}
