import bundledSpec from '@inference-infra/types/openapi.json' with { type: 'json' };
import {
  type JsonObject,
  jsonRequestBody,
  type SpecModel,
  specModelOf,
} from '@inference-infra/types/spec-model';
import { toolNameOf } from '../tools/operationTools.js';

export const specModel: SpecModel = specModelOf(bundledSpec as JsonObject);

/** The spec's own example of each operation, as the arguments of its tool: parameters' examples and the body's. */
export function exampleArguments(operationId: string): Record<string, unknown> {
  const operation = specModel.operation(operationId);
  const args: Record<string, unknown> = {};
  for (const parameter of operation.parameters) {
    if (parameter.example !== undefined) args[parameter.name] = parameter.example;
  }
  const body = jsonRequestBody(operation)?.example;
  if (body && typeof body === 'object') Object.assign(args, body);
  return args;
}

export const toolNames = specModel.operations.map((operation) => toolNameOf(operation.operationId));
export const readOnlyToolNames = specModel.operations
  .filter((operation) => !operation.stateChanging)
  .map((operation) => toolNameOf(operation.operationId));
