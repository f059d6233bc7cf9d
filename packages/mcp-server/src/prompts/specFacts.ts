import {
  errorStatusTypes,
  type JsonObject,
  jsonRequestBody,
  type SpecModel,
} from '@inference-infra/types/spec-model';

/** The schema of a parameter of an operation, as the spec gives it (bounds, default, enum). */
export function parameterSchema(model: SpecModel, operationId: string, name: string): JsonObject {
  const parameter = model.operation(operationId).parameters.find((candidate) => candidate.name === name);
  if (!parameter) throw new Error(`spec: ${operationId} has no parameter ${name}`);
  return parameter.schema;
}

/** The schema of a field of an operation's JSON body. */
export function bodyFieldSchema(model: SpecModel, operationId: string, name: string): JsonObject {
  const body = jsonRequestBody(model.operation(operationId));
  const field = (body?.schema.properties as Record<string, JsonObject> | undefined)?.[name];
  if (!field) throw new Error(`spec: the body of ${operationId} has no field ${name}`);
  return field;
}

/** The fields of the element a list operation's `data` holds, e.g. an instance type's. */
export function listItemFields(model: SpecModel, operationId: string): string[] {
  const answer = model.operation(operationId).responses['200']?.content['application/json'];
  const data = (answer?.schema.properties as Record<string, JsonObject> | undefined)?.data;
  const items = data?.items as JsonObject | undefined;
  const schema = typeof items?.$ref === 'string' ? model.resolve(items.$ref).value : items;
  return Object.keys((schema?.properties as JsonObject | undefined) ?? {});
}

/** A failure an operation may answer, in the spec's words: its status, `error.type` and, from its example, `code`. */
export interface SpecFailure {
  status: string;
  type: string;
  code?: string;
}

/** The failure of that status of an operation; an error naming it when the spec has none. */
export function failureOf(model: SpecModel, operationId: string, status: string): SpecFailure {
  const response = model.operation(operationId).responses[status];
  const type = errorStatusTypes(model).get(Number(status));
  if (!response || !type) throw new Error(`spec: ${operationId} answers no ${status}`);
  const examples = Object.values(response.content['application/json']?.examples ?? {});
  const code = (examples[0] as { error?: { code?: unknown } } | undefined)?.error?.code;
  return { status, type, ...(typeof code === 'string' ? { code } : {}) };
}

/** A failure as the prompts name it: `409 (conflict_error, code size_not_increased)`. */
export function failureText({ status, type, code }: SpecFailure): string {
  return `${status} (\`${type}\`${code ? `, code \`${code}\`` : ''})`;
}
