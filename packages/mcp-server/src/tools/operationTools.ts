import {
  type JsonObject,
  jsonRequestBody,
  pointerOf,
  type SpecModel,
  type SpecOperation,
} from '@inference-infra/types/spec-model';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { standaloneSchema } from './jsonSchema.js';

/** One operation of the spec as an MCP tool: what `tools/list` shows, and how its arguments become a request. */
export interface OperationTool {
  tool: Tool;
  operation: SpecOperation;
  /** Arguments that are path and query parameters; the rest is the JSON body. */
  pathParameters: string[];
  queryParameters: string[];
  /** `flat`: the body's fields are arguments of their own; `nested`: one `body` argument; `none`: no body. */
  body: 'flat' | 'nested' | 'none';
  /** The 200 answer can be a stream (`text/event-stream`) that the body's `stream: true` asks for. */
  streams: boolean;
  /** Changes a resource (not only bills): asks the user to confirm when the client can be asked. */
  confirms: boolean;
}

/** An operationId as an MCP tool name: `listInstanceTypes` → `list_instance_types` (what agents' tool lists use). */
export function toolNameOf(operationId: string): string {
  return operationId
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .toLowerCase();
}

const writeNote =
  'Changes state or is billable (the spec marks it `x-state-changing`): this server lists it only when started ' +
  'with `--allow` naming it or `--allow-writes`, and never repeats it once the API may have acted.';

/** The summary, the operation's description (the spec model keeps only the summary) and the note on writes. */
function descriptionOf(model: SpecModel, operation: SpecOperation): string {
  const { description } = model.resolve(
    pointerOf('paths', operation.path, operation.method.toLowerCase()),
  ).value;
  return [operation.summary, typeof description === 'string' ? description.trim() : undefined]
    .concat(operation.stateChanging ? [writeNote] : [])
    .filter((part): part is string => Boolean(part))
    .join('\n\n');
}

/** The tool of one operation: the name from its operationId, schemas and hints from the spec. */
export function operationTool(model: SpecModel, operation: SpecOperation): OperationTool {
  const properties: Record<string, JsonObject> = {};
  const required: string[] = [];
  const pathParameters: string[] = [];
  const queryParameters: string[] = [];
  for (const parameter of operation.parameters) {
    // Headers and cookies are the client's business (the key, request ids), never an agent's argument.
    if (parameter.in !== 'path' && parameter.in !== 'query') continue;
    (parameter.in === 'path' ? pathParameters : queryParameters).push(parameter.name);
    const schema = standaloneSchema(model, parameter.schema);
    properties[parameter.name] = parameter.description
      ? { description: parameter.description, ...schema }
      : schema;
    if (parameter.required) required.push(parameter.name);
  }

  const media = jsonRequestBody(operation);
  let body: OperationTool['body'] = 'none';
  let additionalProperties: unknown = false;
  if (media) {
    const schema = standaloneSchema(model, media.schema);
    const fields = schema.properties as Record<string, JsonObject> | undefined;
    const bodyRequired = operation.requestBody?.required === true;
    // Flat arguments read best for a model; a body that is not one plain object, or whose field names collide with
    // a parameter's, stays one `body` argument so no value can land in the wrong place.
    const flat =
      schema.type === 'object' &&
      fields !== undefined &&
      !('oneOf' in schema || 'anyOf' in schema || 'allOf' in schema) &&
      Object.keys(fields).every((name) => !(name in properties) && name !== 'body');
    if (flat) {
      body = 'flat';
      Object.assign(properties, fields);
      if (bodyRequired) required.push(...((schema.required as string[] | undefined) ?? []));
      additionalProperties = schema.additionalProperties ?? true;
    } else {
      body = 'nested';
      properties.body = schema;
      if (bodyRequired) required.push('body');
    }
  }

  const answer = operation.responses['200']?.content;
  const json = answer?.['application/json'];
  const outputSchema = json ? standaloneSchema(model, json.schema) : undefined;
  const readOnly = operation.method === 'GET' && !operation.stateChanging;
  const name = toolNameOf(operation.operationId);

  const tool: Tool = {
    name,
    title: operation.summary ?? name,
    description: descriptionOf(model, operation),
    inputSchema: {
      type: 'object',
      properties,
      ...(required.length > 0 ? { required } : {}),
      ...(additionalProperties === true ? {} : { additionalProperties }),
    },
    ...(outputSchema?.type === 'object' ? { outputSchema: outputSchema as Tool['outputSchema'] } : {}),
    annotations: {
      title: operation.summary ?? name,
      readOnlyHint: readOnly,
      // Growing a volume or paying for tokens destroys nothing; only a DELETE would.
      destructiveHint: operation.method === 'DELETE',
      // A read gives the same answer twice; a state-changing call may bill or act again.
      idempotentHint: readOnly,
      // Every tool reaches the API, a world outside the agent's conversation.
      openWorldHint: true,
    },
  };
  return {
    tool,
    operation,
    pathParameters,
    queryParameters,
    body,
    streams: Boolean(answer?.['text/event-stream']) && body === 'flat' && 'stream' in properties,
    confirms: operation.stateChanging && operation.method !== 'POST',
  };
}

/** Every operation of the spec as a tool, in the spec's order. */
export function operationTools(model: SpecModel): OperationTool[] {
  return model.operations.map((operation) => operationTool(model, operation));
}
