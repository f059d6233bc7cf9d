import type { SchemaValidator } from '../model/schemaValidator.js';
import { type ContractSpec, type JsonObject, jsonRequestBody, type SpecOperation } from '../model/spec.js';
import {
  type Candidate,
  laxCandidates,
  queryCandidates,
  scalarCandidates,
  typeCandidates,
  typesOf,
} from './outOfSpecValues.js';

/** An out-of-spec request, generated from the spec: the server must refuse it with 400 and the error body. */
export interface NegativeCase {
  operationId: string;
  in: 'query' | 'body';
  /** The field as a reader writes it: `limit`, `messages[0].role`. */
  field: string;
  /** The top-level field, which `error.param` must name (alone or as the start of a longer path). */
  param: string;
  /** The rule broken: `minimum`, `maximum`, `enum`, `pattern`, `required`, `additionalProperties`, `type`, ... */
  rule: string;
  /** `limit=0 (below its minimum 1)`, for the report. */
  description: string;
  query?: Record<string, string>;
  body?: unknown;
}

/** A value on a bound, which the server must accept (only for reads: a bound of a billable call may be costly). */
export interface BoundaryCase {
  operationId: string;
  field: string;
  value: string;
  description: string;
}

export type Path = Array<string | number>;

/** Marks a field removed from the body (a missing required field). */
const removed = Symbol('removed');

const unknownField = 'contract_tests_unknown_field';
const maxDepth = 6;

function short(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}

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

export function negativeCases(spec: ContractSpec, validator: SchemaValidator): NegativeCase[] {
  const cases: NegativeCase[] = [];
  const seen = new Set<string>();
  const add = (entry: NegativeCase) => {
    const key = `${entry.operationId} ${entry.description}`;
    if (seen.has(key)) return;
    seen.add(key);
    cases.push(entry);
  };

  /** A minimal valid value for a schema, or undefined when none can be made up (a pattern without an example). */
  const sample = (pointer: string, depth = 0): unknown => {
    const { pointer: at, value: schema } = spec.resolve(pointer);
    if ('const' in schema) return schema.const;
    if (Array.isArray(schema.enum)) return schema.enum[0];
    if (schema.default !== undefined) return schema.default;
    if (schema.example !== undefined) return schema.example;
    if (depth > maxDepth) return undefined;
    const branches = (schema.oneOf ?? schema.anyOf) as unknown[] | undefined;
    if (branches) return sample(`${at}/${schema.oneOf ? 'oneOf' : 'anyOf'}/0`, depth + 1);
    switch (typesOf(schema)[0]) {
      case 'string':
        return schema.pattern ? undefined : 'contract-tests';
      case 'integer':
      case 'number':
        return typeof schema.minimum === 'number' ? schema.minimum : 1;
      case 'boolean':
        return false;
      case 'null':
        return null;
      case 'array': {
        const item = sample(`${at}/items`, depth + 1);
        const count = Math.max(typeof schema.minItems === 'number' ? schema.minItems : 1, 1);
        return item === undefined ? undefined : Array.from({ length: count }, () => structuredClone(item));
      }
      case 'object': {
        const object: Record<string, unknown> = {};
        for (const name of (schema.required as string[] | undefined) ?? []) {
          const value = sample(`${at}/properties/${name}`, depth + 1);
          if (value === undefined) return undefined;
          object[name] = value;
        }
        return object;
      }
      default:
        return undefined;
    }
  };

  const bodyCases = (op: SpecOperation) => {
    const media = jsonRequestBody(op);
    if (!media || typeof media.example !== 'object' || media.example === null) return;
    const bodyPointer = media.schemaPointer;
    const invalid = (body: unknown) => validator.violations(bodyPointer, body).length > 0;

    const emit = (base: unknown, path: Path, candidate: Candidate) => {
      const body = setAt(base, path, candidate.value);
      if (invalid(base) || !invalid(body)) return;
      const field = fieldName(path);
      const description =
        candidate.rule === 'required'
          ? `a body without ${field} (required)`
          : candidate.rule === 'additionalProperties'
            ? `an unknown field ${field} (${candidate.why})`
            : `${field}: ${short(candidate.value)} (${candidate.why})`;
      add({
        operationId: op.operationId,
        in: 'body',
        field,
        param: String(path[0]),
        rule: candidate.rule,
        description,
        body,
      });
    };

    const walk = (pointer: string, base: unknown, path: Path, depth: number) => {
      const { pointer: at, value: schema } = spec.resolve(pointer);
      const current = getAt(base, path);
      if (path.length > 0) {
        for (const candidate of scalarCandidates(schema)) emit(base, path, candidate);
        // The minimum where there is one: a lax server that coerces "10" into a resize's size_gb then answers 409
        // (no volume is smaller), instead of growing the partner's volume to the example's size.
        const valid =
          typeof schema.minimum === 'number' ? schema.minimum : (current ?? schema.default ?? schema.example);
        for (const candidate of laxCandidates(schema, valid)) emit(base, path, candidate);
        if (path.length === 1) for (const candidate of typeCandidates(schema)) emit(base, path, candidate);
      }
      if (depth >= maxDepth) return;

      const isArray = typesOf(schema).includes('array') || schema.items !== undefined;
      if (isArray && path.length > 0) {
        const item = Array.isArray(current) && current.length > 0 ? current[0] : sample(`${at}/items`);
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
              ? setAt(base, path, sample(at))
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
            walk(
              `${at}/properties/${name.replaceAll('~', '~0').replaceAll('/', '~1')}`,
              objectBase,
              [...path, name],
              depth + 1,
            );
          }
        }
      }

      const keyword = schema.oneOf ? 'oneOf' : schema.anyOf ? 'anyOf' : undefined;
      if (keyword && path.length > 0) {
        (schema[keyword] as unknown[]).forEach((_, index) => {
          const branch = `${at}/${keyword}/${index}`;
          const fits = current !== undefined && validator.violations(branch, current).length === 0;
          const value = fits ? current : sample(branch);
          walk(branch, value === undefined ? base : setAt(base, path, value), path, depth + 1);
        });
      }
    };

    walk(bodyPointer, media.example, [], 0);
  };

  for (const op of spec.operations) {
    for (const parameter of op.parameters.filter((p) => p.in === 'query')) {
      const schema = spec.resolve(parameter.schemaPointer).value;
      for (const candidate of queryCandidates(schema)) {
        add({
          operationId: op.operationId,
          in: 'query',
          field: parameter.name,
          param: parameter.name,
          rule: candidate.rule,
          description: `${parameter.name}=${String(candidate.value)} (${candidate.why})`,
          query: { [parameter.name]: String(candidate.value) },
        });
      }
    }
    bodyCases(op);
  }
  return cases;
}

/** Query values on their bounds, which must be accepted; only for operations that change nothing. */
export function boundaryCases(spec: ContractSpec): BoundaryCase[] {
  const cases: BoundaryCase[] = [];
  for (const op of spec.operations.filter((o) => !o.stateChanging)) {
    for (const parameter of op.parameters.filter((p) => p.in === 'query')) {
      const schema = spec.resolve(parameter.schemaPointer).value;
      for (const bound of ['minimum', 'maximum'] as const) {
        const value = schema[bound];
        if (typeof value !== 'number') continue;
        cases.push({
          operationId: op.operationId,
          field: parameter.name,
          value: String(value),
          description: `${parameter.name}=${value} (its ${bound})`,
        });
      }
    }
  }
  return cases;
}
