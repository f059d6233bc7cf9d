import type { OpenApiDocument } from '../../scripts/specBundle.js';
import { type SpecMediaType, specModelOf } from '../specModel/index.js';

export interface SpecExample {
  /** Where the example sits, for the test name: `resizeVolume body grow`. */
  name: string;
  operationId: string;
  /** Which schema of requestSchemas / responseSchemas must accept it. */
  part: { request: 'path' | 'query' | 'body' } | { response: string };
  value: unknown;
}

/** A media type's own `example` (when it has one besides its named examples), then each named example. */
function examplesOf(media: SpecMediaType | undefined): [string, unknown][] {
  if (!media) return [];
  const named = Object.entries(media.examples);
  const ownExample = media.example !== undefined && !named.some(([, value]) => value === media.example);
  return ownExample ? [['example', media.example], ...named] : named;
}

/**
 * Every example of the bundle that a zod schema must accept: JSON request bodies and answers, and one query or
 * path object made of each operation's parameter examples.
 */
export function specExamples(document: OpenApiDocument): SpecExample[] {
  const found: SpecExample[] = [];
  const { operations } = specModelOf(document);
  for (const { operationId, requestBody, responses } of operations) {
    for (const [name, value] of examplesOf(requestBody?.content['application/json'])) {
      found.push({ name: `${operationId} body ${name}`, operationId, part: { request: 'body' }, value });
    }
    for (const { status, content } of Object.values(responses)) {
      for (const [name, value] of examplesOf(content['application/json'])) {
        found.push({
          name: `${operationId} ${status} ${name}`,
          operationId,
          part: { response: status },
          value,
        });
      }
    }
  }
  for (const operation of operations) {
    for (const location of ['path', 'query'] as const) {
      const parameters = operation.parameters.filter(
        (parameter) => parameter.in === location && parameter.example !== undefined,
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
