import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { JsonObject } from './spec.js';

/** The id the bundle is registered under, so pointers into it read `openapi.json#/components/schemas/X`. */
const bundleId = 'openapi.json';

export interface SchemaViolation {
  /** Where in the value, as a JSON pointer (`/data/0/createdAt`); empty for the root. */
  path: string;
  message: string;
  keyword: string;
  params: Record<string, unknown>;
}

export interface SchemaValidator {
  /** Violations of `value` against the schema at `pointer` (`#/components/schemas/X` or any pointer into the bundle). */
  violations(pointer: string, value: unknown): SchemaViolation[];
}

function describe(error: ErrorObject): SchemaViolation {
  const params = error.params as Record<string, unknown>;
  let message = error.message ?? error.keyword;
  if (error.keyword === 'enum' && Array.isArray(params.allowedValues)) {
    message = `must be one of ${params.allowedValues.map((v) => JSON.stringify(v)).join(', ')}`;
  } else if (error.keyword === 'additionalProperties') {
    message = `must not have the property ${JSON.stringify(params.additionalProperty)}`;
  }
  return { path: error.instancePath, message, keyword: error.keyword, params };
}

/**
 * RFC 3339's `date-time` as its grammar writes it (section 5.6): `T` between date and time, seconds always, a zone of
 * `Z` or `+hh:mm`; the letters in either case. ajv-formats also takes a space for `T` and `+hh` or `+hhmm` zones (ISO
 * 8601 forms a strict RFC 3339 parser refuses), so the suite checks the grammar here and the calendar through ajv's own
 * check (a 30th of February, an hour 24).
 */
const rfc3339DateTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/i;

export function isRfc3339DateTime(value: string, calendar: (value: string) => boolean): boolean {
  return rfc3339DateTime.test(value) && calendar(value);
}

/**
 * A JSON Schema 2020-12 validator over the whole bundle. OpenAPI 3.1 schemas are 2020-12 schemas plus annotations
 * (`example`, `x-*`), so strict mode is off to let those through; formats (`date-time`, `uri`) are asserted, since a
 * malformed date is exactly what a partner's server must not send.
 */
export function createSchemaValidator(document: JsonObject): SchemaValidator {
  const ajv = new Ajv2020.default({ strict: false, allErrors: true, validateFormats: true });
  addFormats.default(ajv);
  const lenient = ajv.formats['date-time'] as
    | ((value: string) => boolean)
    | { validate: (value: string) => boolean };
  const calendar = typeof lenient === 'function' ? lenient : lenient.validate;
  ajv.addFormat('date-time', { type: 'string', validate: (value) => isRfc3339DateTime(value, calendar) });
  ajv.addSchema(document, bundleId);
  const compiled = new Map<string, ValidateFunction>();
  return {
    violations(pointer, value) {
      let validate = compiled.get(pointer);
      if (!validate) {
        validate = ajv.compile({ $ref: `${bundleId}${pointer}` });
        compiled.set(pointer, validate);
      }
      return validate(value) ? [] : (validate.errors ?? []).map(describe);
    },
  };
}

/** One line per violation, for failure messages: `/data/0: must have required property 'region'`. */
export function formatViolations(violations: SchemaViolation[], limit = 5): string {
  const lines = violations.slice(0, limit).map((v) => `${v.path || '(root)'}: ${v.message}`);
  if (violations.length > limit) lines.push(`... and ${violations.length - limit} more`);
  return lines.join('; ');
}
