import {
  describeRequestIssues,
  requestValidators,
  type ZodIssueDescription,
} from '@inference-infra/types/request-validation';
import type { SpecRoute } from '../specRoutes.js';

/** The parts of a valid request, as the spec's validators parsed them (defaults filled in). */
export interface ValidRequestParts {
  path: Record<string, string>;
  query: Record<string, unknown>;
  body: unknown;
}

export type RequestPartsResult =
  | { ok: true; parts: ValidRequestParts }
  | { ok: false; code: string; issues: ZodIssueDescription[] };

const decimalLiteral = /^-?(\d+)(?:\.(\d+))?(?:[eE]([-+]?\d+))?$/;

/**
 * Whether a decimal literal (already matched by `decimalLiteral`) is an integer, read from its digits: the double
 * `Number` makes of it cannot tell, since 1e-400 and 4.0000000000000001 round to the integers 0 and 4.
 */
function isIntegerLiteral(text: string): boolean {
  const [, whole = '', fraction = '', exponent = '0'] = decimalLiteral.exec(text) ?? [];
  const digits = (whole + fraction).replace(/^0+/, '');
  if (digits === '') return true;
  const trailingZeros = digits.length - digits.replace(/0+$/, '').length;
  return trailingZeros >= fraction.length - Number(exponent);
}

/**
 * Query text read as the spec types it: `limit=5` is the integer 5, while `limit=abc`, `limit=+4` and `limit=1.5`
 * stay what they are, so the validator refuses them as a wrong type or a fraction instead of the simulator guessing.
 * A literal whose double says something else stays text too: 1e400 (Infinity) and, for an integer, a fraction that
 * rounds to one (1e-400 would pass as 0).
 */
function readQueryValue(text: string, type: string | undefined): unknown {
  if ((type === 'integer' || type === 'number') && decimalLiteral.test(text)) {
    const value = Number(text);
    if (!Number.isFinite(value)) return text;
    if (type === 'integer' && Number.isInteger(value) && !isIntegerLiteral(text)) return text;
    return value;
  }
  if (type === 'boolean' && (text === 'true' || text === 'false')) return text === 'true';
  return text;
}

const issue = (field: string, rule: string): ZodIssueDescription => ({
  field,
  rule,
  message: `${field}: ${rule}`,
});

// zod's issue codes to the spec's error codes (`error.code`), the vocabulary the Prism mock answers too.
const codeByIssue: Record<string, string> = {
  invalid_type: 'invalid_type',
  invalid_union: 'invalid_type',
  too_small: 'value_out_of_range',
  too_big: 'value_out_of_range',
  not_multiple_of: 'value_out_of_range',
  invalid_value: 'invalid_enum_value',
  invalid_format: 'pattern_mismatch',
  unrecognized_keys: 'unknown_field',
};

function codeOf(issue: { code: string; path: readonly PropertyKey[] }, input: unknown): string {
  if (issue.code === 'invalid_type' && valueAt(input, issue.path) === undefined) return 'missing_field';
  return codeByIssue[issue.code] ?? 'invalid_request';
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path)
    value =
      value === null || typeof value !== 'object' ? undefined : (value as Record<PropertyKey, unknown>)[key];
  return value;
}

/**
 * Checks the path, query and body of a request against the validators generated from the bundled spec, the same
 * rules in the same words as the fetch client's own checks.
 */
export function readRequestParts(
  route: SpecRoute,
  pathParams: Record<string, string>,
  query: URLSearchParams,
  bodyText: string,
): RequestPartsResult {
  const validators = (
    requestValidators as Record<string, Partial<Record<'path' | 'query' | 'body', ValidatorLike>>>
  )[route.operationId];
  const queryValues: Record<string, unknown> = {};
  for (const name of new Set(query.keys())) {
    const values = query.getAll(name);
    if (values.length > 1 && name in route.queryTypes) {
      return { ok: false, code: 'invalid_type', issues: [issue(name, 'must be given once')] };
    }
    queryValues[name] = readQueryValue(values[0] ?? '', route.queryTypes[name]);
  }
  let body: unknown;
  if (route.jsonBody) {
    if (bodyText.trim() === '') {
      return { ok: false, code: 'missing_field', issues: [issue('body', 'is required (a JSON object)')] };
    }
    try {
      body = JSON.parse(bodyText);
    } catch (error) {
      return {
        ok: false,
        code: 'invalid_json',
        issues: [issue('body', `must be valid JSON (${(error as Error).message})`)],
      };
    }
  }
  const parts: ValidRequestParts = { path: pathParams, query: queryValues, body };
  const found: ZodIssueDescription[] = [];
  let code = 'invalid_request';
  for (const part of ['path', 'query', 'body'] as const) {
    const validator = validators?.[part];
    if (!validator) continue;
    const result = validator.safeParse(parts[part]);
    if (result.success) {
      (parts as unknown as Record<string, unknown>)[part] = result.data;
      continue;
    }
    const [firstIssue] = result.error.issues;
    if (found.length === 0 && firstIssue) code = codeOf(firstIssue, parts[part]);
    for (const described of describeRequestIssues(result.error.issues, parts[part])) {
      found.push(described.field ? described : issue(part, described.rule));
    }
  }
  const [first] = found;
  return first ? { ok: false, code, issues: found } : { ok: true, parts };
}

interface ValidatorLike {
  safeParse(
    value: unknown,
  ):
    | { success: true; data: unknown }
    | { success: false; error: { issues: Parameters<typeof describeRequestIssues>[0] } };
}
