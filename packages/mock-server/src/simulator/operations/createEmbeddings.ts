import type { CreateEmbeddingsBody } from '@inference-infra/types';
import { toBase64 } from '../png.js';
import { hashText, seededRandom } from '../seededRandom.js';
import { type Operation, ok } from './operationContext.js';

/** One input per embedding: a string or a token-id array is one input, an array of either is one per item. */
function inputsOf(input: CreateEmbeddingsBody['input']): Array<string | number[]> {
  if (typeof input === 'string') return [input];
  if (input.every((item) => typeof item === 'number')) return [input as number[]];
  return input as Array<string | number[]>;
}

/**
 * A unit vector derived from the input alone (and the seed): the same text always embeds the same way. Values are
 * float32, so the float and base64 forms of one input carry exactly the same numbers.
 */
function vectorOf(input: string | number[], dimensions: number, seed: number): Float32Array {
  const random = seededRandom(
    hashText(typeof input === 'string' ? input : `tokens:${input.join(',')}`, seed),
  );
  const values = Array.from({ length: dimensions }, () => random() * 2 - 1);
  const norm = Math.sqrt(values.reduce((sum, value) => sum + value * value, 0)) || 1;
  return Float32Array.from(values, (value) => value / norm);
}

/**
 * The first `dimensions` values, normalised to unit length again: OpenAI's shortened embeddings (assumption
 * `embedding-dimensions`), so a shortened vector is the start of the full one, in direction.
 */
function shortened(vector: Float32Array, dimensions: number): Float32Array {
  if (dimensions === vector.length) return vector;
  const head = vector.slice(0, dimensions);
  const norm = Math.sqrt(head.reduce((sum, value) => sum + value * value, 0)) || 1;
  return head.map((value) => value / norm);
}

/** Little-endian float32 bytes, whatever the machine's byte order. */
function littleEndianBase64(vector: Float32Array): string {
  const bytes = new Uint8Array(vector.length * 4);
  const view = new DataView(bytes.buffer);
  for (const [index, value] of vector.entries()) view.setFloat32(index * 4, value, true);
  return toBase64(bytes);
}

const tokensOf = (input: string | number[]) =>
  typeof input === 'string' ? input.split(/\s+/).filter(Boolean).length : input.length;

/**
 * An upper bound of the answer's size, known before any vector is computed: a float is at most 24 characters of JSON
 * with its comma (`-0.012345678901234567,`), a base64 float32 under 6; each item adds its own fields.
 */
function answerBytesAtMost(inputs: number, dimensions: number, format: string | undefined): number {
  return inputs * (dimensions * (format === 'base64' ? 6 : 24) + 64) + 256;
}

/** Answers over this are written in pieces (see `jsonPieces`). */
const chunkedAbove = 1024 * 1024;

export const createEmbeddings: Operation = ({ parts, options, error, requestId }) => {
  const { model, input, encoding_format: format, dimensions: asked } = parts.body as CreateEmbeddingsBody;
  const inputs = inputsOf(input);
  if (asked !== undefined && asked > options.embeddingDimensions) {
    return error(
      400,
      {
        code: 'value_out_of_range',
        message: `dimensions: must be at most ${options.embeddingDimensions}, the model's own size (got ${asked})`,
        param: 'dimensions',
      },
      requestId,
    );
  }
  const dimensions = asked ?? options.embeddingDimensions;
  if (inputs.length > options.maxEmbeddingInputs) {
    return error(
      400,
      {
        code: 'too_many_inputs',
        message: `input: at most ${options.maxEmbeddingInputs} inputs per request, the simulator's maxEmbeddingInputs (CLI --max-embedding-inputs); got ${inputs.length}`,
        param: 'input',
      },
      requestId,
    );
  }
  const answerBytes = answerBytesAtMost(inputs.length, dimensions, format);
  if (answerBytes > options.maxAnswerBytes) {
    return error(
      400,
      {
        code: 'answer_too_large',
        message: `input: ${inputs.length} inputs at ${options.embeddingDimensions} dimensions make an answer of up to ${answerBytes} bytes, over the simulator's maxAnswerBytes of ${options.maxAnswerBytes} (CLI --max-answer-bytes); send fewer inputs`,
        param: 'input',
      },
      requestId,
    );
  }
  const data = inputs.map((item, index) => {
    const vector = shortened(vectorOf(item, options.embeddingDimensions, options.seed), dimensions);
    return {
      object: 'embedding' as const,
      index,
      embedding: format === 'base64' ? littleEndianBase64(vector) : Array.from(vector),
    };
  });
  const tokens = inputs.reduce((sum, item) => sum + tokensOf(item), 0);
  const answer = ok({ object: 'list', data, model, usage: { prompt_tokens: tokens, total_tokens: tokens } });
  return answerBytes > chunkedAbove ? { ...answer, chunked: true } : answer;
};
