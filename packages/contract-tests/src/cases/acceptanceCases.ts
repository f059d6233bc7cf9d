import { typesOf } from '../model/schemaTypes.js';
import type { SchemaValidator } from '../model/schemaValidator.js';
import { type ContractSpec, type JsonObject, jsonRequestBody, type SpecOperation } from '../model/spec.js';
import { fieldName, getAt, mapKey, type Path, propertyPointer, setAt } from './jsonPath.js';
import { sampleOf } from './sampleValues.js';

/** A body that the spec allows and that sits on an edge of it: a bound, or a value of an enum. */
export interface AcceptanceCase {
  op: SpecOperation;
  path: Path;
  value: unknown;
  /** The whole body: the spec's example with the value set (and, inside another branch, that branch's sample). */
  body: unknown;
  /** `width: 2048 (its maximum)`, for the report. */
  description: string;
  /** The rule the value sits on (`minimum`, `enum`, `default`, `oneOf[1]`, `open`...): the coverage entry it checks. */
  facet: string;
  /** Where that rule is, when not at `path`: an open object's extra field checks the object's openness. */
  entryPath?: Path;
  /** The `x-assumption-id` of the field, when the value is one the spec assumed. */
  assumption?: string;
}

const maxDepth = 6;

/**
 * For each body field of a call that changes no volume: every enum value and every inclusive bound (the document says
 * "inclusive"), each set alone in the spec's example body. A value that makes the body invalid is never sent.
 */
export function acceptanceCases(spec: ContractSpec, validator: SchemaValidator): AcceptanceCase[] {
  const cases: AcceptanceCase[] = [];
  // A resize's bounds are for the volume checks: its maximum would grow a partner's volume for good.
  for (const op of spec.operations.filter((o) => o.operationId !== 'resizeVolume')) {
    const media = jsonRequestBody(op);
    if (!media || typeof media.example !== 'object' || media.example === null) continue;
    const add = (
      base: unknown,
      path: Path,
      value: unknown,
      why: string,
      facet: string,
      more: Partial<AcceptanceCase> = {},
    ) => {
      const body = path.length === 0 ? value : setAt(base, path, value);
      if (value === undefined || validator.violations(media.schemaPointer, body).length > 0) return;
      const description = `${fieldName(path) || 'the body'}: ${JSON.stringify(value)} (${why})`;
      cases.push({ op, path, value, body, description, facet, ...more });
    };
    // `base` is the example, or the example with a branch's sample where the example takes another branch.
    const walk = (pointer: string, base: unknown, path: Path, depth: number) => {
      const { pointer: at, value: schema } = spec.resolve(pointer);
      const current = getAt(base, path);
      const assumption =
        typeof schema['x-assumption-id'] === 'string' ? { assumption: schema['x-assumption-id'] } : {};
      if (path.length > 0) {
        // Each enum value, each inclusive bound, the constant, and the default stated explicitly (`stream: false`).
        const values: Array<[unknown, string, string]> = [
          ...((Array.isArray(schema.enum) ? schema.enum : []) as unknown[]).map(
            (value): [unknown, string, string] => [value, 'a value of its enum', 'enum'],
          ),
          ...(['minimum', 'maximum'] as const)
            .filter((bound) => typeof schema[bound] === 'number')
            .map((bound): [unknown, string, string] => [schema[bound], `its ${bound}`, bound]),
          ...(schema.const !== undefined
            ? [[schema.const, 'its constant', 'const'] as [unknown, string, string]]
            : []),
          ...(schema.default !== undefined
            ? [[schema.default, 'its default, stated', 'default'] as [unknown, string, string]]
            : []),
        ];
        for (const [value, why, facet] of values) {
          if (current === value && facet !== 'default' && facet !== 'const') continue;
          add(base, path, value, why, facet, assumption);
        }
      }
      if (depth >= maxDepth) return;
      const properties = Object.keys((schema.properties as JsonObject | undefined) ?? {});
      if (typesOf(schema).includes('object') || schema.properties) {
        for (const name of properties) walk(propertyPointer(at, name), base, [...path, name], depth + 1);
        // An open object takes fields the spec does not name (OpenAI-style clients send more): one is sent, in the
        // example's object or in a minimal one where the example has none.
        const object = current ?? sampleOf(spec, at);
        if (schema.additionalProperties === undefined && properties.length > 0 && isObject(object)) {
          const value = { ...object, contract_tests_extra_field: true };
          add(base, path, value, 'with a field the open schema does not name', 'open', {
            entryPath: path,
            ...assumption,
          });
        }
      }
      // A map's values (`logit_bias`) on their bounds, under a key of their own.
      if (isObject(schema.additionalProperties))
        walk(`${at}/additionalProperties`, base, [...path, mapKey], depth + 1);
      // Array items are walked where the body has one (messages[0].role), so the item keeps its other fields.
      if (
        (typesOf(schema).includes('array') || schema.items) &&
        Array.isArray(current) &&
        current.length > 0
      ) {
        walk(`${at}/items`, base, [...path, 0], depth + 1);
      }
      const keyword = schema.oneOf ? 'oneOf' : schema.anyOf ? 'anyOf' : undefined;
      if (keyword && path.length > 0) {
        (schema[keyword] as unknown[]).forEach((_, index) => {
          const branch = `${at}/${keyword}/${index}`;
          const fits = current !== undefined && validator.violations(branch, current).length === 0;
          // Every branch is a form the server must take: the body's value where it is one, else a sample of it.
          const value = fits ? current : sampleOf(spec, branch);
          const title =
            (spec.resolve(branch).value.title as string | undefined) ?? `${keyword} branch ${index}`;
          add(base, path, value, `its form ${title}`, `${keyword}[${index}]`);
          if (value !== undefined) walk(branch, setAt(base, path, value), path, depth + 1);
        });
      }
    };
    walk(media.schemaPointer, media.example, [], 0);
  }
  return cases;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
