import type { JsonSchema } from './jsonSchema.js';
import type { OpenApiDocument } from './specBundle.js';

export const httpMethods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** Follows local `$ref`s (`#/components/...`) until a non-reference object is reached. */
export function deref(document: OpenApiDocument, node: JsonSchema): JsonSchema {
  let current = node;
  const seen = new Set<string>();
  while (current && typeof current.$ref === 'string') {
    const ref: string = current.$ref;
    if (!ref.startsWith('#/') || seen.has(ref)) throw new Error(`unresolvable $ref ${ref}`);
    seen.add(ref);
    current = ref
      .slice(2)
      .split('/')
      .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce((value: JsonSchema | undefined, key) => value?.[key], document) as JsonSchema;
    if (current === undefined) throw new Error(`$ref ${ref} points nowhere`);
  }
  return current;
}

export interface SpecOperation {
  operationId: string;
  method: string;
  path: string;
  /** Parameters of the path item and the operation, references resolved; the operation's win. */
  parameters: JsonSchema[];
  /** The JSON request body's schema, and whether the body is required. */
  body?: { schema: JsonSchema; required: boolean };
  /** Status → schema of each JSON answer. */
  responses: [status: string, schema: JsonSchema][];
}

export function operationsOf(document: OpenApiDocument): SpecOperation[] {
  return Object.entries<JsonSchema>(document.paths ?? {}).flatMap(([path, pathItem]) =>
    httpMethods
      .filter((method) => pathItem[method])
      .map((method) => {
        const operation = pathItem[method];
        if (typeof operation.operationId !== 'string')
          throw new Error(`${method} ${path} has no operationId`);
        const byKey = new Map<string, JsonSchema>();
        for (const parameter of [...(pathItem.parameters ?? []), ...(operation.parameters ?? [])]) {
          const resolved = deref(document, parameter);
          byKey.set(`${resolved.in}:${resolved.name}`, resolved);
        }
        const requestBody = operation.requestBody ? deref(document, operation.requestBody) : undefined;
        const bodySchema = requestBody?.content?.['application/json']?.schema;
        const responses = Object.entries<JsonSchema>(operation.responses ?? {}).flatMap(
          ([status, response]) => {
            const schema = deref(document, response).content?.['application/json']?.schema;
            return schema ? [[status, schema] as [string, JsonSchema]] : [];
          },
        );
        return {
          operationId: operation.operationId,
          method,
          path,
          parameters: [...byKey.values()],
          ...(bodySchema ? { body: { schema: bodySchema, required: requestBody?.required === true } } : {}),
          responses,
        };
      }),
  );
}

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
      parameters.map((parameter) => [
        parameter.name,
        parameter.description
          ? { ...parameter.schema, description: parameter.description }
          : parameter.schema,
      ]),
    ),
    required: parameters.filter((parameter) => parameter.required).map((parameter) => parameter.name),
  };
}
