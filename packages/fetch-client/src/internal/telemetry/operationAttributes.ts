import type { Attributes } from '@inference-infra/edge';
import type { Route } from '../operations.js';

/**
 * The GenAI conventions' operation of each inference operation (https://opentelemetry.io/docs/specs/semconv/gen-ai/):
 * image generation has no operation of its own there, so it is `generate_content` with `gen_ai.output.type` image.
 */
const genAiOperations: Record<string, { name: string; outputType?: string }> = {
  createChatCompletion: { name: 'chat' },
  createEmbeddings: { name: 'embeddings' },
  generateImages: { name: 'generate_content', outputType: 'image' },
};

/** `gen_ai.provider.name`: this API is none of the conventions' well-known providers. */
export const providerName = 'inference_infra';

type Body = Record<string, unknown>;
const isObject = (value: unknown): value is Body => typeof value === 'object' && value !== null;
const numberOf = (value: unknown) => (typeof value === 'number' ? value : undefined);
const stringOf = (value: unknown) => (typeof value === 'string' ? value : undefined);

const servers = new Map<string, Attributes>();

/** `server.address` and `server.port` of a base address, parsed once: a client has two. */
function serverAttributes(baseUrl: string): Attributes {
  let attributes = servers.get(baseUrl);
  if (!attributes) {
    const { hostname, port, protocol } = new URL(baseUrl);
    attributes = {
      'server.address': hostname,
      'server.port': Number(port || (protocol === 'https:' ? 443 : 80)),
    };
    // Bounded: an app making clients for ever-new addresses does not grow this without end.
    if (servers.size >= 64) servers.clear();
    servers.set(baseUrl, attributes);
  }
  return attributes;
}

/** What names the span and its metrics: the conventions' operation, model and address. */
export interface OperationNames {
  /** The GenAI operation (`chat`...), or undefined for a platform operation (HTTP conventions). */
  genAiOperation: string | undefined;
  spanName: string;
  /** The attributes the call's metrics share with its span. */
  metricAttributes: Attributes;
}

export function operationNames(
  route: Route,
  method: string,
  path: string,
  baseUrl: string,
  body: unknown,
): OperationNames {
  const server = serverAttributes(baseUrl);
  const genAi = genAiOperations[route.operationId];
  if (!genAi) {
    // Platform paths are whole (`/api/v1/...`): the spec's template is the URL's.
    return {
      genAiOperation: undefined,
      spanName: `${method} ${path}`,
      metricAttributes: { 'http.request.method': method, 'url.template': path, ...server },
    };
  }
  const model = isObject(body) ? stringOf(body.model) : undefined;
  return {
    genAiOperation: genAi.name,
    spanName: model ? `${genAi.name} ${model}` : genAi.name,
    metricAttributes: {
      'gen_ai.operation.name': genAi.name,
      'gen_ai.provider.name': providerName,
      'gen_ai.request.model': model,
      ...server,
    },
  };
}

/** The request's settings the GenAI conventions name; a platform call's are its route's. */
export function requestAttributes(route: Route, body: unknown): Attributes {
  const genAi = genAiOperations[route.operationId];
  if (!genAi || !isObject(body)) return { 'inference_infra.operation_id': route.operationId };
  const stop = body.stop;
  const format = isObject(body.response_format) ? stringOf(body.response_format.type) : undefined;
  return {
    'inference_infra.operation_id': route.operationId,
    'gen_ai.output.type':
      genAi.outputType ??
      (route.operationId === 'createChatCompletion'
        ? format?.startsWith('json')
          ? 'json'
          : 'text'
        : undefined),
    'gen_ai.request.max_tokens': numberOf(body.max_completion_tokens) ?? numberOf(body.max_tokens),
    'gen_ai.request.temperature': numberOf(body.temperature),
    'gen_ai.request.top_p': numberOf(body.top_p),
    'gen_ai.request.frequency_penalty': numberOf(body.frequency_penalty),
    'gen_ai.request.presence_penalty': numberOf(body.presence_penalty),
    'gen_ai.request.seed': numberOf(body.seed),
    'gen_ai.request.choice.count': numberOf(body.n),
    'gen_ai.request.stop_sequences':
      typeof stop === 'string'
        ? [stop]
        : Array.isArray(stop)
          ? stop.filter((item) => typeof item === 'string')
          : undefined,
    'gen_ai.request.encoding_formats': stringOf(body.encoding_format)
      ? [body.encoding_format as string]
      : undefined,
    'gen_ai.embeddings.dimension.count': numberOf(body.dimensions),
  };
}

/** The most characters of one value an answer gave that a span keeps: ids, models and reasons are short. */
const answerTextChars = 256;
/** The most finish reasons a span keeps: one per choice, and a stream may name many. */
const maxFinishReasons = 64;

/** What an answer (or a stream's chunks, gathered) tells: its id and model, why each choice ended, token usage. */
export interface AnswerFacts {
  id?: string;
  model?: string;
  finishReasons: string[];
  inputTokens?: number;
  outputTokens?: number;
}

export const noFacts = (): AnswerFacts => ({ finishReasons: [] });

/** Adds what one answer, or one chunk of a stream, tells to `facts`. */
export function gatherFacts(facts: AnswerFacts, answer: unknown): void {
  if (!isObject(answer)) return;
  facts.id ??= stringOf(answer.id);
  facts.model ??= stringOf(answer.model);
  if (Array.isArray(answer.choices))
    for (const choice of answer.choices) {
      const reason = isObject(choice) ? stringOf(choice.finish_reason) : undefined;
      // Bounded: a stream that names a reason in every chunk does not grow this without end.
      if (reason && facts.finishReasons.length < maxFinishReasons) facts.finishReasons.push(reason);
    }
  if (isObject(answer.usage)) {
    facts.inputTokens = numberOf(answer.usage.prompt_tokens) ?? facts.inputTokens;
    facts.outputTokens = numberOf(answer.usage.completion_tokens) ?? facts.outputTokens;
  }
}

/**
 * A text an answer gave (a header, an id, a model, a reason), as a span may hold it: the key redacted first, in any
 * form the redactor knows (an upstream may echo it anywhere), then cut.
 */
export const answerText = (text: string, redact: (text: string) => string): string =>
  redact(text).slice(0, answerTextChars);

/** The span's attributes of what the answer said; every text of it redacted (`answerText`). */
export function answerAttributes(facts: AnswerFacts, redact: (text: string) => string): Attributes {
  const reasons = facts.finishReasons.map((reason) => answerText(reason, redact));
  return {
    'gen_ai.response.id': facts.id === undefined ? undefined : answerText(facts.id, redact),
    'gen_ai.response.model': facts.model === undefined ? undefined : answerText(facts.model, redact),
    'gen_ai.response.finish_reasons': reasons.length ? reasons : undefined,
    'gen_ai.usage.input_tokens': facts.inputTokens,
    'gen_ai.usage.output_tokens': facts.outputTokens,
  };
}

/** Attributes without the ones that have no value: a span keeps what it is given, `undefined` too on some SDKs. */
export function defined(attributes: Attributes): Attributes {
  const out: Attributes = {};
  for (const name in attributes) if (attributes[name] !== undefined) out[name] = attributes[name];
  return out;
}
