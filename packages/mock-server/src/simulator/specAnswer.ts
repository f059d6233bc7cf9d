import type { JsonObject, SpecModel, SpecOperation } from '@inference-infra/types/spec-model';
import { schemaSample } from './schemaSample.js';
import { hashText } from './seededRandom.js';
import type { SimulatorResponse } from './simulatorTypes.js';

/**
 * The header that says an answer came from the spec rather than from a stateful operation of the simulator:
 * `spec-example` (the spec's example of the success answer) or `spec-schema` (a value generated from its schema, the
 * spec giving no example). The request log (`state.requests[].answer`) says the same.
 */
export const simulatorAnswerHeader = 'x-simulator-answer';

export type SpecAnswerSource = 'spec-example' | 'spec-schema';

/** The status an operation answers when it succeeds: its first documented 2xx (200 unless the spec says otherwise). */
export function successStatusOf(operation: SpecOperation): number {
  const status = Object.keys(operation.responses).find((code) => /^2\d\d$/.test(code));
  return status ? Number(status) : 200;
}

/**
 * The answer's own request id where the spec's answers carry one (`meta.requestId`, assumption request-id-header),
 * so the body and `X-Request-Id` agree as the spec promises; an example's id would name another call.
 */
function withRequestId(body: unknown, schema: JsonObject, resolve: SpecModel['resolve'], requestId: string) {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const meta = (schema.properties as JsonObject | undefined)?.meta as JsonObject | undefined;
  const metaSchema = meta ? (typeof meta.$ref === 'string' ? resolve(meta.$ref).value : meta) : undefined;
  const carriesId = (metaSchema?.properties as JsonObject | undefined)?.requestId !== undefined;
  const held = (body as { meta?: unknown }).meta;
  if (!carriesId && !(typeof held === 'object' && held !== null && 'requestId' in held)) return body;
  return { ...body, meta: { ...(typeof held === 'object' && held !== null ? held : {}), requestId } };
}

export interface SpecAnswerInput {
  model: SpecModel;
  operation: SpecOperation;
  requestId: string;
  seed: number;
  now: Date;
}

/**
 * The answer of an operation the simulator has no stateful handler for, read from the spec: its success status, the
 * spec's example of that answer (the first named one) or else a value its schema accepts, with the request's own id.
 * A stream answers its example event (or a generated one) and its terminator; an answer without a body, none.
 */
export function answerFromSpec({ model, operation, requestId, seed, now }: SpecAnswerInput): {
  response: SimulatorResponse;
  source: SpecAnswerSource;
} {
  const status = successStatusOf(operation);
  const content = operation.responses[String(status)]?.content ?? {};
  const json =
    content['application/json'] ?? Object.entries(content).find(([type]) => /[/+]json$/.test(type))?.[1];
  const context = { resolve: model.resolve, now, seed: hashText(operation.operationId, seed) };
  const headers = (source: SpecAnswerSource) => ({ [simulatorAnswerHeader]: source });
  if (json) {
    const source: SpecAnswerSource = json.example !== undefined ? 'spec-example' : 'spec-schema';
    const body =
      json.example !== undefined ? structuredClone(json.example) : schemaSample(context, json.schemaPointer);
    return {
      response: {
        status,
        headers: headers(source),
        json: withRequestId(body, json.schema, model.resolve, requestId),
      },
      source,
    };
  }
  const stream = content['text/event-stream'];
  if (stream) {
    const event = stream.streamEventSchemaPointer
      ? schemaSample(context, stream.streamEventSchemaPointer)
      : undefined;
    const events = [
      ...(event === undefined ? [] : [JSON.stringify(event)]),
      ...(stream.streamTerminator ? [stream.streamTerminator] : []),
    ];
    return {
      response: { status, headers: headers('spec-schema'), events },
      source: 'spec-schema',
    };
  }
  return { response: { status, headers: headers('spec-example') }, source: 'spec-example' };
}
