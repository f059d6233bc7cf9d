import { describe, shown, valueAt, type ZodIssueDescription } from './issueWording.js';

/**
 * A failed rule as both zod 3 and zod 4 report it, once each entry has read its zod's issues into this form: the one
 * describer below then words both validator sets' refusals, so they cannot drift apart.
 */
export interface ValidationIssue {
  code: string;
  /** Relative to the value parsed (for a union's branches, to the union). */
  path: readonly PropertyKey[];
  message: string;
  /** `unrecognized_keys`: the unknown fields. */
  keys?: readonly string[];
  /** zod 3's wrong types: the type received (`undefined` for a missing field, `float` for a non-integer). */
  received?: string;
  /** `invalid_union`: each branch's issues. */
  branches?: readonly (readonly ValidationIssue[])[];
}

// Codes by which a value fails as a whole (zod 4 names; zod 3's invalid_literal and invalid_enum_value are its
// invalid_value): a missing field fails by one of these, and a union branch that failed by none of them "had the
// right type" and broke only a rule (a bound, a count), which says more than the union's "must be a string or ...".
const wholeValueMismatch = new Set([
  'invalid_type',
  'invalid_value',
  'invalid_union',
  'invalid_literal',
  'invalid_enum_value',
]);

const pathKey = (path: readonly PropertyKey[]) => path.map(String).join('\u0000');

/** The parsed value, when the caller gave it: without it only what zod received tells a missing field or a type. */
type Parsed = { value: unknown } | undefined;

function isMissing(issue: ValidationIssue, parsed: Parsed, path: readonly PropertyKey[]): boolean {
  if (parsed) return wholeValueMismatch.has(issue.code) && valueAt(parsed.value, path) === undefined;
  if (issue.code === 'invalid_type') return issue.received === 'undefined';
  const branches = issue.code === 'invalid_union' ? (issue.branches ?? []) : [];
  return (
    branches.length > 0 &&
    branches.every((branch) => branch.length > 0 && branch.every((inner) => isMissing(inner, parsed, path)))
  );
}

function describeIssue(
  issue: ValidationIssue,
  parsed: Parsed,
  prefix: readonly PropertyKey[],
): ZodIssueDescription[] {
  const path = [...prefix, ...issue.path];
  const field = path.map(String).join('.');
  if (issue.code === 'unrecognized_keys') {
    return (issue.keys ?? []).map((key) => describe(field ? `${field}.${key}` : key, issue.message));
  }
  if (isMissing(issue, parsed, path)) return [describe(field, 'is required')];
  if (issue.code === 'invalid_union') {
    const typed = issue.branches?.find(
      (branch) => !branch.some((inner) => wholeValueMismatch.has(inner.code)),
    );
    if (typed) return describeIssues(typed, parsed, path);
  }
  if (!parsed) return [describe(field, issue.message, issue.received)];
  const value = valueAt(parsed.value, path);
  // An object's own rules (a field count, say) describe the object already; repeating "an object" adds nothing.
  const got =
    value !== null && typeof value === 'object' && issue.code === 'custom' ? undefined : shown(value);
  return [describe(field, issue.message, got)];
}

/**
 * Each broken rule as the field and the rule, in the words of the spec's 400 answers. With the parsed value the
 * message shows what was sent (`(got 20000)`); without it, only a wrong type (`(got string)`).
 */
export function describeIssues(
  issues: readonly ValidationIssue[],
  parsed: Parsed,
  prefix: readonly PropertyKey[] = [],
): ZodIssueDescription[] {
  // zod mini runs a length rule even on a value of the wrong type ("" for an array); the type error says it all.
  const wrongType = new Set(
    issues.filter((issue) => issue.code === 'invalid_type').map((issue) => pathKey(issue.path)),
  );
  return issues
    .filter((issue) => issue.code === 'invalid_type' || !wrongType.has(pathKey(issue.path)))
    .flatMap((issue) => describeIssue(issue, parsed, prefix));
}
