import type { ZodError, ZodIssue } from 'zod';
import { describeIssues, type ValidationIssue } from './issueDescriber.js';
import type { ZodIssueDescription } from './issueWording.js';

export type { ZodIssueDescription };

/** A zod 3 issue in the describer's form: a union's branches carry paths relative to the union, as zod 4's do. */
function fromZod3(issue: ZodIssue): ValidationIssue {
  // zod 3 reports a number that is not an integer as a wrong type ("float"); it is a broken rule of a number, as zod
  // mini's multiple-of-1 reports it, and other rules of the same number still count.
  const notInteger =
    issue.code === 'invalid_type' && issue.expected === 'integer' && issue.received === 'float';
  return {
    code: notInteger ? 'not_multiple_of' : issue.code,
    path: issue.path,
    message: issue.message,
    ...(issue.code === 'unrecognized_keys' ? { keys: issue.keys } : {}),
    ...(issue.code === 'invalid_type' ? { received: issue.received } : {}),
    ...(issue.code === 'invalid_union'
      ? {
          branches: issue.unionErrors.map((error) =>
            error.issues.map((inner) => fromZod3({ ...inner, path: inner.path.slice(issue.path.length) })),
          ),
        }
      : {}),
  };
}

/**
 * Each broken rule of a failed parse, as the field and the rule. Pass the value that was parsed to see it in
 * the message (`(got 20000)`); without it only a wrong type is shown (`(got string)`).
 */
export function describeZodIssues(error: ZodError, input?: unknown): ZodIssueDescription[] {
  return describeIssues(error.issues.map(fromZod3), input === undefined ? undefined : { value: input });
}

/** The issues of a failed parse in one line, e.g. `size_gb: must be at most 10000 (got 20000)`. */
export function formatZodError(error: ZodError, input?: unknown): string {
  return describeZodIssues(error, input)
    .map((description) => description.message)
    .join('; ');
}
