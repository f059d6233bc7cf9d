/** One rule a value broke: the field (`size_gb`, `messages.0.role`), the rule, and both in one sentence. */
export interface ZodIssueDescription {
  /** Dotted path of the field at fault; empty for the value itself. */
  field: string;
  /** What the spec asks, e.g. `must be at most 10000`. */
  rule: string;
  /** `size_gb: must be at most 10000 (got 20000)`: the form of the spec's 400 messages. */
  message: string;
}

/** The part of `input` at `path`, or undefined where the path leaves it. */
export function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

// Scalars are shown as JSON (so "500" the string differs from 500 the number); arrays by their length and objects
// by their kind, since a whole nested value would drown the message.
export function shown(value: unknown): string {
  if (Array.isArray(value)) return `${value.length} item${value.length === 1 ? '' : 's'}`;
  if (value !== null && typeof value === 'object') return 'an object';
  return JSON.stringify(value) ?? String(value);
}

export function describe(field: string, rule: string, got?: string): ZodIssueDescription {
  return { field, rule, message: `${field || 'value'}: ${rule}${got === undefined ? '' : ` (got ${got})`}` };
}
