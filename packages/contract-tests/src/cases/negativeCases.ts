import type { SchemaValidator } from '../model/schemaValidator.js';
import type { ContractSpec } from '../model/spec.js';
import { type BodyMutation, bodyMutations } from './bodyMutations.js';
import { fieldName } from './jsonPath.js';
import { queryCandidates } from './outOfSpecValues.js';

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
  /** The `x-assumption-id` of the field, when the rule broken is one the spec assumed. */
  assumption?: string;
}

function short(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}

/** `size_gb: 9 (below its minimum 10)`, `a body without model (required)`, `an unknown field x (...)`. */
function describeMutation({ path, candidate }: BodyMutation): string {
  const field = fieldName(path);
  if (candidate.rule === 'required') return `a body without ${field} (required)`;
  if (candidate.rule === 'additionalProperties') return `an unknown field ${field} (${candidate.why})`;
  return `${field}: ${short(candidate.value)} (${candidate.why})`;
}

/**
 * Every negative case of the spec, per operation: each query parameter's out-of-spec values, then each body mutation.
 * Two cases of an operation that read alike would be one check reported twice, so only the first is kept.
 */
export function negativeCases(spec: ContractSpec, validator: SchemaValidator): NegativeCase[] {
  const cases: NegativeCase[] = [];
  const seen = new Set<string>();
  const add = (entry: NegativeCase) => {
    const key = `${entry.operationId} ${entry.description}`;
    if (seen.has(key)) return;
    seen.add(key);
    cases.push(entry);
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
    for (const mutation of bodyMutations(spec, validator, op)) {
      add({
        operationId: op.operationId,
        in: 'body',
        field: fieldName(mutation.path),
        param: String(mutation.path[0]),
        rule: mutation.candidate.rule,
        description: describeMutation(mutation),
        body: mutation.body,
        ...(mutation.assumption ? { assumption: mutation.assumption } : {}),
      });
    }
  }
  return cases;
}
