import { jsonRequestBody, type SpecOperation, schemaAsWritten } from '../src/specModel/index.js';
import type { JsonSchema } from './jsonSchema.js';

// The generators' view of an operation of the spec model: each part's schema as the spec writes it (a `$ref` to a
// component schema, or inline), so generated code names a component's const instead of inlining it again.

/**
 * The parameters of one location (`path`, `query`) as one object schema, so that a whole query string can be
 * validated at once. Open, like every object the spec leaves open: a parameter the spec does not list is not
 * refused here, the server decides. Undefined when the operation has no parameter there.
 */
export function parameterObjectSchema(
  operation: SpecOperation,
  location: 'path' | 'query',
): JsonSchema | undefined {
  const parameters = operation.parameters.filter((parameter) => parameter.in === location);
  if (parameters.length === 0) return undefined;
  return {
    type: 'object',
    properties: Object.fromEntries(
      parameters.map((parameter) => {
        const schema = schemaAsWritten(parameter);
        return [
          parameter.name,
          parameter.description ? { ...schema, description: parameter.description } : schema,
        ];
      }),
    ),
    required: parameters.filter((parameter) => parameter.required).map((parameter) => parameter.name),
  };
}

/** The JSON request body's schema, and whether the body is required; undefined when the operation takes none. */
export function jsonBodyOf(operation: SpecOperation): { schema: JsonSchema; required: boolean } | undefined {
  const body = jsonRequestBody(operation);
  return body && { schema: schemaAsWritten(body), required: operation.requestBody?.required === true };
}

/** Status and schema of each JSON answer, in the spec's order. */
export function jsonResponsesOf(operation: SpecOperation): [status: string, schema: JsonSchema][] {
  return Object.values(operation.responses).flatMap((response) => {
    const json = response.content['application/json'];
    return json ? [[response.status, schemaAsWritten(json)] as [string, JsonSchema]] : [];
  });
}
