import type { ZodError, ZodIssue } from 'zod';
import { describe, shown, valueAt, type ZodIssueDescription } from './issueWording.js';

export type { ZodIssueDescription };

// A missing field fails as a wrong type, or, when the field is a union, as a failure of every branch.
function isMissing(issue: ZodIssue): boolean {
  if (issue.code === 'invalid_type') return issue.received === 'undefined';
  if (issue.code !== 'invalid_union') return false;
  return issue.unionErrors.every((error) => error.issues.length > 0 && error.issues.every(isMissing));
}

function describeIssue(issue: ZodIssue, input: unknown): ZodIssueDescription[] {
  const field = issue.path.join('.');
  if (issue.code === 'unrecognized_keys') {
    return issue.keys.map((key) => describe(field ? `${field}.${key}` : key, issue.message));
  }
  if (isMissing(issue)) return [describe(field, 'is required')];
  if (input !== undefined) {
    const value = valueAt(input, issue.path);
    // An object's own rules (a field count, say) describe the object already; repeating "an object" adds nothing.
    const got =
      value !== null && typeof value === 'object' && issue.code === 'custom' ? undefined : shown(value);
    return [describe(field, issue.message, got)];
  }
  return [describe(field, issue.message, issue.code === 'invalid_type' ? issue.received : undefined)];
}

/**
 * Each broken rule of a failed parse, as the field and the rule. Pass the value that was parsed to see it in
 * the message (`(got 20000)`); without it only a wrong type is shown (`(got string)`).
 */
export function describeZodIssues(error: ZodError, input?: unknown): ZodIssueDescription[] {
  return error.issues.flatMap((issue) => describeIssue(issue, input));
}

/** The issues of a failed parse in one line, e.g. `size_gb: must be at most 10000 (got 20000)`. */
export function formatZodError(error: ZodError, input?: unknown): string {
  return describeZodIssues(error, input)
    .map((description) => description.message)
    .join('; ');
}
