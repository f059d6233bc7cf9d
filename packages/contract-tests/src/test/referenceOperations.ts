import type {
  ChatCompletion,
  ChatCompletionChunk,
  CreateChatCompletionBody,
  CreateEmbeddingsBody,
  GenerateImagesBody,
  ResizeVolumeBody,
  TransactionType,
} from '@inference-infra/types';
import type { ReferenceState } from './referenceData.js';

export interface ReferenceRequest {
  operationId: string;
  pathParams: Record<string, string>;
  /** Query values as validated (numbers already numbers). */
  query: Record<string, unknown>;
  headers: Record<string, string | undefined>;
  body: unknown;
  requestId: string;
}

export interface ReferenceResponse {
  status: number;
  headers: Record<string, string>;
  json?: unknown;
  /** The `data` of each server-sent event, sent in order. */
  events?: string[];
}

export function errorResponse(
  status: number,
  type: string,
  code: string,
  message: string,
  param: string | null,
  requestId: string,
): ReferenceResponse {
  return { status, headers: {}, json: { error: { message, type, code, param, requestId } } };
}

const ok = (json: unknown): ReferenceResponse => ({ status: 200, headers: {}, json });
const now = () => Math.floor(Date.now() / 1000);
/** A 1x1 PNG: a real image, so a client that decodes `b64_json` succeeds. */
const pixel =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

function vector(seed: string): number[] {
  let hash = 0;
  for (const char of seed) hash = (hash * 31 + char.charCodeAt(0)) | 0;
  return [0, 1, 2, 3].map((i) => Math.round(Math.sin(hash + i) * 1e4) / 1e4);
}

function embeddingInputs(input: CreateEmbeddingsBody['input']): string[] {
  if (typeof input === 'string') return [input];
  // An array of token ids is one input; an array of strings or of token-id arrays is one input per item.
  if (input.every((item) => typeof item === 'number')) return [JSON.stringify(input)];
  return input.map((item) => (typeof item === 'string' ? item : JSON.stringify(item)));
}

/** The operations of the API over the reference state, as the spec and its assumptions describe them. */
export const referenceOperations: Record<
  string,
  (req: ReferenceRequest, state: ReferenceState) => ReferenceResponse
> = {
  listInstanceTypes({ query, requestId }, state) {
    const data = state.instanceTypes
      .filter((t) => query.gpu_type === undefined || t.gpu_type === query.gpu_type)
      .filter((t) => query.region === undefined || t.region === query.region)
      .filter((t) => query.gpu_count === undefined || t.gpu_count === query.gpu_count)
      .sort((a, b) => a.hourly_rate - b.hourly_rate);
    return ok({ data, meta: { requestId, hasMore: false, total: data.length } });
  },

  listBillingTransactions({ query, requestId }, state) {
    const limit = (query.limit as number | undefined) ?? 50;
    const offset = (query.offset as number | undefined) ?? 0;
    const type = query.type as TransactionType | undefined;
    const matching = state.transactions.filter((t) => type === undefined || t.type === type);
    const data = matching.slice(offset, offset + limit).map(({ type: _kind, ...transaction }) => transaction);
    return ok({
      data,
      meta: { requestId, hasMore: offset + data.length < matching.length, total: matching.length },
    });
  },

  resizeVolume({ pathParams, body, requestId }, state) {
    const id = pathParams.id ?? '';
    const volume = state.volumes.get(id);
    if (!volume)
      return errorResponse(
        404,
        'not_found_error',
        'volume_not_found',
        `No volume with id ${id}.`,
        'id',
        requestId,
      );
    const { size_gb: size } = body as ResizeVolumeBody;
    if (size <= volume.sizeGb) {
      return errorResponse(
        409,
        'conflict_error',
        'size_not_increased',
        `size_gb: must be greater than the current size of ${volume.sizeGb} GB (got ${size}).`,
        'size_gb',
        requestId,
      );
    }
    volume.sizeGb = size;
    volume.updatedAt = new Date().toISOString();
    return ok({ data: { ...volume } });
  },

  generateImages({ body }) {
    const { response_format: format = 'url' } = body as GenerateImagesBody;
    const image =
      format === 'b64_json'
        ? { b64_json: pixel }
        : { url: `https://images.reference.invalid/${Date.now()}.png` };
    return ok({ created: now(), data: [image] });
  },

  createEmbeddings({ body }) {
    const { input, model, encoding_format: format = 'float' } = body as CreateEmbeddingsBody;
    const inputs = embeddingInputs(input);
    const data = inputs.map((text, index) => {
      const values = vector(text);
      const embedding =
        format === 'base64' ? Buffer.from(new Float32Array(values).buffer).toString('base64') : values;
      return { object: 'embedding', index, embedding };
    });
    const tokens = inputs.reduce((sum, text) => sum + text.split(/\s+/).length, 0);
    return ok({ object: 'list', data, model, usage: { prompt_tokens: tokens, total_tokens: tokens } });
  },

  createChatCompletion({ body }) {
    const { model, stream } = body as CreateChatCompletionBody;
    const id = `chatcmpl-ref${Date.now()}`;
    const words = ['A', ' persistent', ' volume', ' outlives', ' its', ' instance.'];
    if (!stream) {
      const completion: ChatCompletion = {
        id,
        object: 'chat.completion',
        created: now(),
        model,
        choices: [
          { index: 0, message: { role: 'assistant', content: words.join('') }, finish_reason: 'stop' },
        ],
        usage: { prompt_tokens: 12, completion_tokens: words.length, total_tokens: 12 + words.length },
      };
      return ok(completion);
    }
    const chunk = (delta: ChatCompletionChunk['choices'][number]['delta'], finish: 'stop' | null): string =>
      JSON.stringify({
        id,
        object: 'chat.completion.chunk',
        created: now(),
        model,
        choices: [{ index: 0, delta, finish_reason: finish }],
      } satisfies ChatCompletionChunk);
    const events = [
      chunk({ role: 'assistant', content: '' }, null),
      ...words.map((word) => chunk({ content: word }, null)),
      chunk({}, 'stop'),
      '[DONE]',
    ];
    return { status: 200, headers: { 'content-type': 'text/event-stream' }, events };
  },
};
