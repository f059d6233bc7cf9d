import type { ZodIssueDescription } from '@inference-infra/types/request-validation';
import type { JsonObject, SpecModel, SpecOperation } from '@inference-infra/types/spec-model';
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { RequestPartsResult, ValidRequestParts } from './requestParts.js';

/** The id the bundle is registered under in ajv, so a pointer into it reads `openapi.json#/components/...`. */
const bundleId = 'openapi.json';

type Part = 'path' | 'query' | 'body';

interface OperationValidators {
  path?: ValidateFunction;
  query?: ValidateFunction;
  body?: ValidateFunction;
}

// ajv's keywords to the spec's error codes (`error.code`), the same vocabulary as the generated validators' refusals.
const codeByKeyword: Record<string, string> = {
  required: 'missing_field',
  type: 'invalid_type',
  minimum: 'value_out_of_range',
  maximum: 'value_out_of_range',
  exclusiveMinimum: 'value_out_of_range',
  exclusiveMaximum: 'value_out_of_range',
  multipleOf: 'value_out_of_range',
  minLength: 'value_out_of_range',
  maxLength: 'value_out_of_range',
  minItems: 'value_out_of_range',
  maxItems: 'value_out_of_range',
  enum: 'invalid_enum_value',
  const: 'invalid_enum_value',
  pattern: 'pattern_mismatch',
  format: 'pattern_mismatch',
  additionalProperties: 'unknown_field',
  oneOf: 'invalid_type',
  anyOf: 'invalid_type',
};

/** `messages[0].role` from ajv's `/messages/0/role`, as the generated validators name a field. */
function fieldOf(part: Part, error: ErrorObject): string {
  const tokens = error.instancePath
    .split('/')
    .slice(1)
    .map((token) => token.replaceAll('~1', '/').replaceAll('~0', '~'));
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'required') tokens.push(String(params.missingProperty));
  if (error.keyword === 'additionalProperties') tokens.push(String(params.additionalProperty));
  if (tokens.length === 0) return part;
  return tokens
    .map((token, i) => (/^\d+$/.test(token) ? `[${token}]` : i === 0 ? token : `.${token}`))
    .join('');
}

/** The rule an ajv error says was broken, worded as the generated validators word theirs (`must be at least 10`). */
function ruleOf(error: ErrorObject, value: unknown): string {
  const params = error.params as Record<string, unknown>;
  const got = value === undefined ? '' : ` (got ${JSON.stringify(value)})`;
  switch (error.keyword) {
    case 'required':
      return 'is required';
    case 'additionalProperties':
      return 'is not a field of this request';
    case 'minimum':
      return `must be at least ${String(params.limit)}${got}`;
    case 'maximum':
      return `must be at most ${String(params.limit)}${got}`;
    case 'exclusiveMinimum':
      return `must be greater than ${String(params.limit)}${got}`;
    case 'exclusiveMaximum':
      return `must be less than ${String(params.limit)}${got}`;
    case 'enum':
      return `must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}${got}`;
    case 'type':
      return `must be ${String(params.type) === 'integer' ? 'an integer' : `of type ${String(params.type)}`}${got}`;
    default:
      return `${error.message ?? error.keyword}${got}`;
  }
}

function valueAt(input: unknown, instancePath: string): unknown {
  let value = input;
  for (const token of instancePath.split('/').slice(1)) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[token.replaceAll('~1', '/').replaceAll('~0', '~')];
  }
  return value;
}

/** Path text read as the spec types the parameter, as the query's is (`/items/5` is the integer 5 if it is one). */
function typedPathValue(text: string, schema: JsonObject): unknown {
  const type = schema.type;
  if ((type === 'integer' || type === 'number') && /^-?\d+(\.\d+)?$/.test(text)) return Number(text);
  return text;
}

/**
 * Checks the requests of operations the generated validators do not know (added to the spec after the packages were
 * generated, or a spec given to the simulator at run time) against the spec's own schemas, with ajv over the bundle:
 * the same rules, the field and the rule in each refusal, and the spec's error codes.
 */
export function createSpecRequestCheck(model: SpecModel) {
  const ajv = new Ajv2020.default({ strict: false, allErrors: true, validateFormats: true });
  addFormats.default(ajv);
  ajv.addSchema(model.document, bundleId);
  const byOperation = new Map<string, OperationValidators>();

  const partSchema = (operation: SpecOperation, where: 'path' | 'query') => {
    const parameters = operation.parameters.filter((parameter) => parameter.in === where);
    if (parameters.length === 0) return undefined;
    return ajv.compile({
      type: 'object',
      properties: Object.fromEntries(
        parameters.map((parameter) => [parameter.name, { $ref: `${bundleId}${parameter.schemaPointer}` }]),
      ),
      required: parameters.filter((parameter) => parameter.required).map((parameter) => parameter.name),
    });
  };

  const validatorsOf = (operation: SpecOperation): OperationValidators => {
    let found = byOperation.get(operation.operationId);
    if (!found) {
      const body = operation.requestBody?.content['application/json'];
      const path = partSchema(operation, 'path');
      const query = partSchema(operation, 'query');
      found = {
        ...(path ? { path } : {}),
        ...(query ? { query } : {}),
        ...(body ? { body: ajv.compile({ $ref: `${bundleId}${body.schemaPointer}` }) } : {}),
      };
      byOperation.set(operation.operationId, found);
    }
    return found;
  };

  return (operation: SpecOperation, parts: ValidRequestParts): RequestPartsResult => {
    const validators = validatorsOf(operation);
    const typed: ValidRequestParts = {
      ...parts,
      path: Object.fromEntries(
        Object.entries(parts.path).map(([name, text]) => {
          const parameter = operation.parameters.find((p) => p.in === 'path' && p.name === name);
          return [name, parameter ? typedPathValue(text, parameter.schema) : text];
        }),
      ) as Record<string, string>,
    };
    const issues: ZodIssueDescription[] = [];
    let code = 'invalid_request';
    for (const part of ['path', 'query', 'body'] as const) {
      const validate = validators[part];
      if (!validate || validate(typed[part])) continue;
      for (const error of validate.errors ?? []) {
        if (issues.length === 0) code = codeByKeyword[error.keyword] ?? 'invalid_request';
        const field = fieldOf(part, error);
        const rule = ruleOf(error, valueAt(typed[part], error.instancePath));
        issues.push({ field, rule, message: `${field}: ${rule}` });
      }
    }
    return issues.length > 0 ? { ok: false, code, issues } : { ok: true, parts: typed };
  };
}
