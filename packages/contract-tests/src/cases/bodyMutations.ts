import { typesOf } from '../model/schemaTypes.js';
import type { SchemaValidator } from '../model/schemaValidator.js';
import { type ContractSpec, type JsonObject, jsonRequestBody, type SpecOperation } from '../model/spec.js';
import { getAt, mapKey, type Path, propertyPointer, removed, setAt } from './jsonPath.js';
import { type Candidate, laxCandidates, scalarCandidates, typeCandidates } from './outOfSpecValues.js';
import { sampleOf } from './sampleValues.js';

/** The operation's example body with one field changed, or removed, so that it breaks one rule of the schema. */
export interface BodyMutation {
  /** Where the change is: `['messages', 0, 'role']`. */
  path: Path;
  /** The rule broken and why; its value is `removed` for a missing required field. */
  candidate: Candidate;
  body: unknown;
  /** The `x-assumption-id` of the field's schema, when the rule broken is one the spec assumed. */
  assumption?: string;
}

/** An object key no schema of the spec declares, for the closed objects (`additionalProperties: false`). */
const unknownField = 'contract_tests_unknown_field';
/** Bounds the walk through nested and `oneOf` schemas: a schema that contains itself would never end. */
const maxDepth = 6;

/**
 * Every body mutation of an operation's JSON example body, in the order the schema is walked: for each field (nested
 * ones, array items and each `oneOf`/`anyOf` choice included), the values just outside its rules, the values a lax
 * parser would coerce, a wrong JSON type at the top level, then each required field left out and an unknown field in
 * a closed object. A mutation is kept only when the body it starts from is valid and the mutated one is not, so the
 * server has exactly one reason to refuse it. None for an operation without a JSON example body.
 */
export function bodyMutations(
  spec: ContractSpec,
  validator: SchemaValidator,
  op: SpecOperation,
): BodyMutation[] {
  const media = jsonRequestBody(op);
  if (!media || typeof media.example !== 'object' || media.example === null) return [];
  const bodyPointer = media.schemaPointer;
  const invalid = (body: unknown) => validator.violations(bodyPointer, body).length > 0;
  const mutations: BodyMutation[] = [];

  const emit = (base: unknown, path: Path, candidate: Candidate, assumption?: unknown) => {
    const body = setAt(base, path, candidate.value);
    if (invalid(base) || !invalid(body)) return;
    mutations.push({ path, candidate, body, ...(typeof assumption === 'string' ? { assumption } : {}) });
  };

  const walk = (pointer: string, base: unknown, path: Path, depth: number) => {
    const { pointer: at, value: schema } = spec.resolve(pointer);
    const current = getAt(base, path);
    if (path.length > 0) {
      for (const candidate of scalarCandidates(schema))
        emit(base, path, candidate, schema['x-assumption-id']);
      // The minimum where there is one: a lax server that coerces "10" into a resize's size_gb then answers 409
      // (no volume is smaller), instead of growing the partner's volume to the example's size.
      const valid =
        typeof schema.minimum === 'number' ? schema.minimum : (current ?? schema.default ?? schema.example);
      for (const candidate of laxCandidates(schema, valid))
        emit(base, path, candidate, schema['x-assumption-id']);
      for (const candidate of typeCandidates(schema)) emit(base, path, candidate, schema['x-assumption-id']);
    }
    if (depth >= maxDepth) return;

    const isArray = typesOf(schema).includes('array') || schema.items !== undefined;
    if (isArray && path.length > 0) {
      const item = Array.isArray(current) && current.length > 0 ? current[0] : sampleOf(spec, `${at}/items`);
      if (item !== undefined) {
        const items = (count: number) => Array.from({ length: count }, () => structuredClone(item));
        if (typeof schema.minItems === 'number' && schema.minItems > 0) {
          emit(base, path, {
            rule: 'minItems',
            value: items(schema.minItems - 1),
            why: `fewer than ${schema.minItems} items`,
          });
        }
        if (typeof schema.maxItems === 'number') {
          emit(base, path, {
            rule: 'maxItems',
            value: items(schema.maxItems + 1),
            why: `more than ${schema.maxItems} items`,
          });
        }
        const arrayBase = Array.isArray(current) && current.length > 0 ? base : setAt(base, path, items(1));
        walk(`${at}/items`, arrayBase, [...path, 0], depth + 1);
      }
    }

    const isObject = typesOf(schema).includes('object') || schema.properties !== undefined;
    if (isObject) {
      const objectBase =
        typeof current === 'object' && current !== null
          ? base
          : path.length > 0
            ? setAt(base, path, sampleOf(spec, at))
            : base;
      if (getAt(objectBase, path) !== undefined) {
        for (const name of (schema.required as string[] | undefined) ?? []) {
          emit(objectBase, [...path, name], { rule: 'required', value: removed, why: 'required' });
        }
        if (schema.additionalProperties === false) {
          emit(objectBase, [...path, unknownField], {
            rule: 'additionalProperties',
            value: true,
            why: 'the object is closed',
          });
        }
        for (const name of Object.keys((schema.properties as JsonObject | undefined) ?? {})) {
          walk(propertyPointer(at, name), objectBase, [...path, name], depth + 1);
        }
        // A map's values (`logit_bias`: token id to -100..100) break their rules under a key of their own.
        if (typeof schema.additionalProperties === 'object' && schema.additionalProperties !== null) {
          const entry = sampleOf(spec, `${at}/additionalProperties`);
          if (entry !== undefined) {
            const mapBase = setAt(objectBase, [...path, mapKey], entry);
            walk(`${at}/additionalProperties`, mapBase, [...path, mapKey], depth + 1);
          }
        }
      }
    }

    const keyword = schema.oneOf ? 'oneOf' : schema.anyOf ? 'anyOf' : undefined;
    if (keyword && path.length > 0) {
      (schema[keyword] as unknown[]).forEach((_, index) => {
        const branch = `${at}/${keyword}/${index}`;
        const fits = current !== undefined && validator.violations(branch, current).length === 0;
        const value = fits ? current : sampleOf(spec, branch);
        walk(branch, value === undefined ? base : setAt(base, path, value), path, depth + 1);
      });
    }
  };

  walk(bodyPointer, media.example, [], 0);
  return mutations;
}
