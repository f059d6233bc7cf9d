/**
 * Checking a request before it is sent, with the zod mini schemas generated from the spec: the small, tree-shakable
 * counterpart of the zod 3 `requestSchemas`, refusing the same values in the same words. The fetch client uses it.
 */
import type { $ZodIssue } from 'zod/v4/core';
import type { ZodMiniType } from 'zod/v4/mini';
import { describeIssues, type ValidationIssue } from './issueDescriber.js';
import { describe, type ZodIssueDescription } from './issueWording.js';
import { requestValidators } from './requestValidators.gen.js';

export type { ZodIssueDescription };
export { requestValidators };

/** The parts of a request that the spec constrains. */
export type RequestPart = 'path' | 'query' | 'body';

/** A zod 4 issue in the describer's form. */
function fromZod4(issue: $ZodIssue): ValidationIssue {
  return {
    code: issue.code,
    path: issue.path,
    message: issue.message,
    ...(issue.code === 'unrecognized_keys' ? { keys: issue.keys } : {}),
    ...(issue.code === 'invalid_union'
      ? { branches: issue.errors.map((branch) => branch.map(fromZod4)) }
      : {}),
  };
}

/** Each broken rule of a failed zod mini parse of `input`, as the field and the rule. */
export function describeRequestIssues(issues: readonly $ZodIssue[], input: unknown): ZodIssueDescription[] {
  return describeIssues(issues.map(fromZod4), { value: input });
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
