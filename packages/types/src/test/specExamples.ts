import type { JsonSchema } from '../../scripts/jsonSchema.js';
import type { OpenApiDocument } from '../../scripts/specBundle.js';
import { deref, operationsOf } from '../../scripts/specOperations.js';

export interface SpecExample {
  /** Where the example sits, for the test name: `resizeVolume body grow`. */
  name: string;
  operationId: string;
  /** Which schema of requestSchemas / responseSchemas must accept it. */
  part: { request: 'path' | 'query' | 'body' } | { response: string };
  value: unknown;
}

function examplesOf(document: OpenApiDocument, mediaType: JsonSchema | undefined): [string, unknown][] {
  if (!mediaType) return [];
  const named = Object.entries<JsonSchema>(mediaType.examples ?? {}).map(
    ([name, example]): [string, unknown] => [name, deref(document, example).value],
  );
  return 'example' in mediaType ? [['example', mediaType.example], ...named] : named;
}

/**
 * Every example of the bundle that a zod schema must accept: JSON request bodies and answers, and one query or
 * path object made of each operation's parameter examples.
 */
export function specExamples(document: OpenApiDocument): SpecExample[] {
  const found: SpecExample[] = [];
  for (const pathItem of Object.values<JsonSchema>(document.paths)) {
    for (const operation of Object.values<JsonSchema>(pathItem)) {
      if (typeof operation?.operationId !== 'string') continue;
      const operationId: string = operation.operationId;
      const body =
        operation.requestBody && deref(document, operation.requestBody).content?.['application/json'];
      for (const [name, value] of examplesOf(document, body)) {
        found.push({ name: `${operationId} body ${name}`, operationId, part: { request: 'body' }, value });
      }
      for (const [status, response] of Object.entries<JsonSchema>(operation.responses ?? {})) {
        const json = deref(document, response).content?.['application/json'];
        for (const [name, value] of examplesOf(document, json)) {
          found.push({
            name: `${operationId} ${status} ${name}`,
            operationId,
            part: { response: status },
            value,
          });
        }
      }
    }
  }
  for (const operation of operationsOf(document)) {
    for (const location of ['path', 'query'] as const) {
      const parameters = operation.parameters.filter(
        (parameter) => parameter.in === location && 'example' in parameter,
      );
      if (parameters.length === 0) continue;
      found.push({
        name: `${operation.operationId} ${location} parameter examples`,
        operationId: operation.operationId,
        part: { request: location },
        value: Object.fromEntries(parameters.map((parameter) => [parameter.name, parameter.example])),
      });
    }
  }
  return found;
}

/** The JSON `data:` lines of the streamed chat example (the `[DONE]` terminator left out). */
export function streamExampleChunks(document: OpenApiDocument): unknown[] {
  const stream: string = document.components.examples.ChatCompletionStream.value;
  return stream
    .split('\n')
    .filter((line) => line.startsWith('data: ') && line !== 'data: [DONE]')
    .map((line) => JSON.parse(line.slice('data: '.length)));
}
