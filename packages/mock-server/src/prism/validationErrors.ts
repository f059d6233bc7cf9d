/** One entry of Prism's `sl-violations` header. */
export interface PrismViolation {
  location: string[];
  severity: string;
  code: string | number;
  message: string;
}

export function parseViolations(header: string | string[] | undefined): PrismViolation[] {
  if (typeof header !== 'string') return [];
  try {
    const parsed: unknown = JSON.parse(header);
    return Array.isArray(parsed) ? (parsed as PrismViolation[]) : [];
  } catch {
    return [];
  }
}

const codeByKeyword: Record<string, string> = {
  minimum: 'value_out_of_range',
  maximum: 'value_out_of_range',
  exclusiveMinimum: 'value_out_of_range',
  exclusiveMaximum: 'value_out_of_range',
  minItems: 'value_out_of_range',
  maxItems: 'value_out_of_range',
  enum: 'invalid_enum_value',
  const: 'invalid_enum_value',
  pattern: 'pattern_mismatch',
  required: 'missing_field',
  type: 'invalid_type',
  additionalProperties: 'unknown_field',
};

/**
 * The field a violation is about, as a client names it: `size_gb`, `limit`, `messages.0.role`.
 * Prism's location is `['request', 'body' | 'query' | 'path' | ..., ...field path]`.
 */
function fieldOf(violation: PrismViolation): string | null {
  const [, , ...field] = violation.location;
  // An unknown field is reported on its parent object; the name comes only in the message.
  const unknown =
    violation.code === 'additionalProperties' ? /found '([^']+)'/.exec(violation.message)?.[1] : undefined;
  if (unknown) return [...field, unknown].join('.');
  if (field.length > 0) return field.join('.');
  const missing = /must have required property '([^']+)'/.exec(violation.message)?.[1];
  return missing ?? null;
}

/** Prism says "Request body property size_gb must be >= 10"; the client needs "size_gb: must be >= 10". */
function ruleOf(violation: PrismViolation): string {
  if (violation.code === 'additionalProperties') return 'is not a field of this request';
  return violation.message
    .replace(/^Request (body|query|path|header)( parameter| property)? ?/i, '')
    .replace(/^\S+ (?=must|should)/, '')
    .trim();
}

/** Rewrites Prism's request-validation failure into the spec's error body, naming each field and its rule. */
export function validationErrorBody(violations: PrismViolation[], requestId: string) {
  const errors = violations.filter((v) => v.severity === 'Error');
  const first = errors[0];
  const message = errors.map((v) => `${fieldOf(v) ?? 'request'}: ${ruleOf(v)}`).join('; ');
  return {
    error: {
      message: message || 'The request does not follow the API specification.',
      type: 'invalid_request_error',
      code: first ? (codeByKeyword[String(first.code)] ?? 'invalid_request') : 'invalid_request',
      param: first ? fieldOf(first) : null,
      requestId,
    },
  };
}
