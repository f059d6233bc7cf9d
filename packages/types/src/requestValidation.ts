/**
 * Checking a request before it is sent, with the zod mini schemas generated from the spec: the small, tree-shakable
 * counterpart of the zod 3 `requestSchemas`, refusing the same values in the same words. The fetch client uses it.
 */
import type { $ZodIssue } from 'zod/v4/core';
import type { ZodMiniType } from 'zod/v4/mini';
import { describe, shown, valueAt, type ZodIssueDescription } from './issueWording.js';
import { requestValidators } from './requestValidators.gen.js';

export type { ZodIssueDescription };
export { requestValidators };

/** The parts of a request that the spec constrains. */
export type RequestPart = 'path' | 'query' | 'body';

// Codes by which a value fails as a whole: a missing field fails by one of these, and a union branch that failed by
// none of them "had the right type" and broke only a rule (a bound, a count). Such a branch says more than the
// union's "must be a string or an array of strings", and zod 3 reports the first of them too.
const typeMismatch = new Set(['invalid_type', 'invalid_value', 'invalid_union']);

const pathKey = (path: readonly PropertyKey[]) => path.map(String).join('\u0000');

function describeIssue(issue: $ZodIssue, input: unknown, prefix: PropertyKey[]): ZodIssueDescription[] {
  const path = [...prefix, ...issue.path];
  const field = path.map(String).join('.');
  const value = valueAt(input, path);
  if (issue.code === 'unrecognized_keys') {
    return issue.keys.map((key) => describe(field ? `${field}.${key}` : key, issue.message));
  }
  if (typeMismatch.has(issue.code) && value === undefined) return [describe(field, 'is required')];
  if (issue.code === 'invalid_union') {
    const typed = issue.errors.find((branch) => !branch.some((inner) => typeMismatch.has(inner.code)));
    if (typed) return describeIssues(typed, input, path);
  }
  return [describe(field, issue.message, shown(value))];
}

function describeIssues(
  issues: readonly $ZodIssue[],
  input: unknown,
  prefix: PropertyKey[],
): ZodIssueDescription[] {
  // zod mini runs a length rule even on a value of the wrong type ("" for an array); the type error says it all.
  const wrongType = new Set(
    issues.filter((issue) => issue.code === 'invalid_type').map((issue) => pathKey(issue.path)),
  );
  return issues
    .filter((issue) => issue.code === 'invalid_type' || !wrongType.has(pathKey(issue.path)))
    .flatMap((issue) => describeIssue(issue, input, prefix));
}

/** Each broken rule of a failed zod mini parse of `input`, as the field and the rule. */
export function describeRequestIssues(issues: readonly $ZodIssue[], input: unknown): ZodIssueDescription[] {
  return describeIssues(issues, input, []);
}

/**
 * The broken rules of one request of `operationId`, none when it may be sent. An absent query counts as an empty
 * one (every query parameter of the spec is optional). A rule about a part as a whole (`body: must be an object`)
 * names the part as its field.
 */
export function validateRequest(
  operationId: string,
  parts: Partial<Record<RequestPart, unknown>>,
): ZodIssueDescription[] {
  const schemas: Partial<Record<RequestPart, ZodMiniType>> =
    (requestValidators as Record<string, Partial<Record<RequestPart, ZodMiniType>>>)[operationId] ?? {};
  const found: ZodIssueDescription[] = [];
  for (const part of ['path', 'query', 'body'] as const) {
    const schema = schemas[part];
    if (!schema) continue;
    const value = parts[part] ?? (part === 'query' ? {} : undefined);
    const result = schema.safeParse(value);
    if (result.success) continue;
    for (const issue of describeRequestIssues(result.error.issues, value)) {
      found.push(issue.field ? issue : describe(part, issue.rule));
    }
  }
  return found;
}
