import { resolveRef } from '../specOperations.js';

/**
 * The places where `value` lacks what `schema` requires: every required property, followed into nested objects and
 * the first item of arrays. Enough to tell a right answer from a wrong one (an error body, another operation's
 * answer) without a full validator; the contract tests validate answers completely.
 */
export function missingRequired(spec: unknown, schemaOrRef: unknown, value: unknown, at = '$'): string[] {
  const schema = resolveRef(spec, schemaOrRef) as {
    type?: string | string[];
    required?: string[];
    properties?: Record<string, unknown>;
    items?: unknown;
    allOf?: unknown[];
  };
  if (!schema) return [];
  const parts = [schema, ...(schema.allOf ?? []).map((part) => resolveRef(spec, part))];
  const problems: string[] = [];
  for (const part of parts) {
    if (Array.isArray(value) && part.items !== undefined && value.length > 0) {
      problems.push(...missingRequired(spec, part.items, value[0], `${at}[0]`));
    }
    if (value === null || typeof value !== 'object' || Array.isArray(value)) continue;
    const record = value as Record<string, unknown>;
    for (const name of part.required ?? []) {
      if (!(name in record)) problems.push(`${at}.${name} is missing`);
    }
    for (const [name, propertySchema] of Object.entries(part.properties ?? {})) {
      if (name in record)
        problems.push(...missingRequired(spec, propertySchema, record[name], `${at}.${name}`));
    }
  }
  return problems;
}

/** The schema of an operation's first 2xx answer in `mediaType`. */
export function successSchema(
  spec: { paths: Record<string, Record<string, unknown>> },
  path: string,
  method: string,
  mediaType: string,
): unknown {
  const operation = spec.paths[path]?.[method.toLowerCase()] as { responses: Record<string, unknown> };
  const [, response] = Object.entries(operation.responses).find(([status]) => /^2/.test(status)) ?? [];
  const content = resolveRef(spec, response)?.content?.[mediaType];
  if (!content) throw new Error(`${method} ${path} has no 2xx ${mediaType} answer`);
  return mediaType === 'text/event-stream' ? content['x-stream-event-schema'] : content.schema;
}
