import { type ContractSpec, type JsonObject, jsonRequestBody } from '../model/spec.js';

/** A rule of the spec that relates fields of one request body: which wins, how they combine, when they clash. */
export interface CrossFieldRule {
  operationId: string;
  /** The fields, in the order the body's schema declares them. */
  fields: string[];
  /** The assumption that states the rule (its `x-assumption-id`). */
  assumption?: string;
}

export { crossFieldEntry } from './coverageIds.js';

/** The body fields a text names as code (`width`), besides the one it describes. */
function fieldsNamed(text: unknown, names: string[], own?: string): string[] {
  if (typeof text !== 'string') return [];
  const quoted = new Set([...text.matchAll(/`([a-z_]+)`/g)].map((match) => match[1]));
  return names.filter((name) => name !== own && quoted.has(name));
}

/**
 * Every rule across fields the spec states, read from its own words: a request body whose description, or a field's
 * description or `x-assumption`, names other fields of the same body (`size`: "refused ... when `width` or `height` is
 * also given and differs"). A new rule written into the spec becomes an entry of the coverage map, which then needs a
 * property that checks it.
 */
export function crossFieldRules(spec: ContractSpec): CrossFieldRule[] {
  const rules: CrossFieldRule[] = [];
  for (const op of spec.operations) {
    const media = jsonRequestBody(op);
    if (!media) continue;
    const schema = spec.resolve(media.schemaPointer).value;
    const properties = (schema.properties ?? {}) as Record<string, JsonObject>;
    // Required fields are always there together: only optional ones can be combined, or clash.
    const required = new Set((schema.required ?? []) as string[]);
    const names = Object.keys(properties).filter((name) => !required.has(name));
    const add = (fields: string[], assumption: unknown) => {
      const ordered = names.filter((name) => fields.includes(name));
      if (ordered.length < 2) return;
      if (rules.some((rule) => rule.operationId === op.operationId && rule.fields.join() === ordered.join()))
        return;
      rules.push({
        operationId: op.operationId,
        fields: ordered,
        ...(typeof assumption === 'string' ? { assumption } : {}),
      });
    };
    add(
      fieldsNamed(`${schema.description ?? ''} ${schema['x-assumption'] ?? ''}`, names),
      schema['x-assumption-id'],
    );
    for (const name of names) {
      const field = spec.resolve(`${media.schemaPointer}/properties/${name}`).value;
      const named = fieldsNamed(`${field.description ?? ''} ${field['x-assumption'] ?? ''}`, names, name);
      if (named.length > 0) add([name, ...named], field['x-assumption-id']);
    }
  }
  return rules;
}
