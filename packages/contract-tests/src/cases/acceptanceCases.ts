import { typesOf } from '../model/schemaTypes.js';
import type { SchemaValidator } from '../model/schemaValidator.js';
import { type ContractSpec, type JsonObject, jsonRequestBody, type SpecOperation } from '../model/spec.js';
import { fieldName, getAt, type Path, propertyPointer, setAt } from './jsonPath.js';

/** A body that the spec allows and that sits on an edge of it: a bound, or a value of an enum. */
export interface AcceptanceCase {
  op: SpecOperation;
  path: Path;
  value: unknown;
  /** `width: 2048 (its maximum)`, for the report. */
  description: string;
}

const maxDepth = 4;

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
    const example = media.example;
    const walk = (pointer: string, path: Path, depth: number) => {
      const { pointer: at, value: schema } = spec.resolve(pointer);
      if (path.length > 0) {
        const values: Array<[unknown, string]> = [
          ...((Array.isArray(schema.enum) ? schema.enum : []) as unknown[]).map(
            (value): [unknown, string] => [value, 'a value of its enum'],
          ),
          ...(['minimum', 'maximum'] as const)
            .filter((bound) => typeof schema[bound] === 'number')
            .map((bound): [unknown, string] => [schema[bound], `its ${bound}`]),
        ];
        for (const [value, why] of values) {
          if (getAt(example, path) === value) continue;
          const body = setAt(example, path, value);
          if (validator.violations(media.schemaPointer, body).length > 0) continue;
          cases.push({
            op,
            path,
            value,
            description: `${fieldName(path)}: ${JSON.stringify(value)} (${why})`,
          });
        }
      }
      if (depth >= maxDepth) return;
      if (typesOf(schema).includes('object') || schema.properties) {
        for (const name of Object.keys((schema.properties as JsonObject | undefined) ?? {})) {
          walk(propertyPointer(at, name), [...path, name], depth + 1);
        }
      }
      // Array items are walked where the example has one (messages[0].role), so the item keeps its other fields.
      const current = getAt(example, path);
      if (
        (typesOf(schema).includes('array') || schema.items) &&
        Array.isArray(current) &&
        current.length > 0
      ) {
        walk(`${at}/items`, [...path, 0], depth + 1);
      }
      const branches = (schema.oneOf ?? schema.anyOf) as unknown[] | undefined;
      if (branches && path.length > 0) {
        const keyword = schema.oneOf ? 'oneOf' : 'anyOf';
        branches.forEach((_, index) => {
          const branch = `${at}/${keyword}/${index}`;
          if (current !== undefined && validator.violations(branch, current).length === 0)
            walk(branch, path, depth + 1);
        });
      }
    };
    walk(media.schemaPointer, [], 0);
  }
  return cases;
}
