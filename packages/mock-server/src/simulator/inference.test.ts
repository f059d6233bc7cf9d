import fc from 'fast-check';
import { unzlibSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { schemaErrors } from '../test/errorBodySchema.js';
import { eventData, simulate } from '../test/inProcess.js';

const chat = {
  model: 'llama-3.1-8b-instruct',
  messages: [{ role: 'user', content: 'What is a persistent volume?' }],
};

describe('chat completions', () => {
  it('answers deterministic text that quotes the question, with usage', async () => {
    const { post } = simulate();
    const first = await post('/chat/completions', chat);
    expect(schemaErrors('ChatCompletion', first.body)).toEqual([]);
    expect(first.body.choices[0].message.content).toMatch(
      /^Simulated reply to "What is a persistent volume\?":/,
    );
    expect(first.body.created).toBe(Math.floor(first.body.created));
    expect(Math.abs(first.body.created - Date.now() / 1000)).toBeLessThan(60);
    const again = await post('/chat/completions', chat);
    expect(again.body.choices[0].message.content).toBe(first.body.choices[0].message.content);
    expect(again.body.id).not.toBe(first.body.id);
    const { usage } = first.body;
    expect(usage.total_tokens).toBe(usage.prompt_tokens + usage.completion_tokens);
  });

  it('stops at max_tokens with finish_reason length, and before a stop sequence', async () => {
    const { post } = simulate();
    const short = await post('/chat/completions', { ...chat, max_tokens: 3 });
    expect(short.body.choices[0].finish_reason).toBe('length');
    expect(short.body.usage.completion_tokens).toBe(3);
    const stopped = await post('/chat/completions', { ...chat, stop: ['persistent'] });
    expect(stopped.body.choices[0]).toMatchObject({
      finish_reason: 'stop',
      message: { content: 'Simulated reply to "What is a ' },
    });
  });

  it('keeps completion_tokens within the limit and the text free of stop sequences, both asked at once', async () => {
    const { post } = simulate();
    // Found by the contract suite's generated cases: a stop sequence met in the token past max_tokens added a part
    // of that token, one over the limit.
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 14 }),
        fc.boolean(),
        fc.uniqueArray(fc.constantFrom('e', 'a', ' ', 'th', 'the', 'in', '.'), {
          minLength: 1,
          maxLength: 4,
        }),
        async (limit, newName, stop) => {
          const asked = newName ? { max_completion_tokens: limit } : { max_tokens: limit };
          const { body } = await post('/chat/completions', { ...chat, ...asked, stop });
          expect(body.usage.completion_tokens).toBeLessThanOrEqual(limit);
          for (const sequence of stop) expect(body.choices[0].message.content).not.toContain(sequence);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('streams chunk events that join to the same text and end with [DONE]', async () => {
    const { post } = simulate({ streamEventIntervalMs: 0 });
    const whole = (await post('/chat/completions', chat)).body.choices[0].message.content;
    const streamed = await post('/chat/completions', { ...chat, stream: true });
    expect(streamed.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const data = eventData(streamed.text);
    expect(data.at(-1)).toBe('[DONE]');
    const chunks = data.slice(0, -1).map((event) => JSON.parse(event));
    for (const chunk of chunks) expect(schemaErrors('ChatCompletionChunk', chunk)).toEqual([]);
    expect(chunks.map((c) => c.choices[0]?.delta.content ?? '').join('')).toBe(whole);
    expect(chunks.at(-1).choices[0].finish_reason).toBe('stop');
    expect(chunks.every((c) => !('usage' in c))).toBe(true);
  });

  it('adds a last chunk with the usage when stream_options.include_usage is set', async () => {
    const { post } = simulate({ streamEventIntervalMs: 0 });
    const streamed = await post('/chat/completions', {
      ...chat,
      stream: true,
      stream_options: { include_usage: true },
    });
    const chunks = eventData(streamed.text)
      .slice(0, -1)
      .map((event) => JSON.parse(event));
    const last = chunks.at(-1);
    expect(last.choices).toEqual([]);
    expect(last.usage.total_tokens).toBe(last.usage.prompt_tokens + last.usage.completion_tokens);
    expect(chunks.slice(0, -1).every((c) => c.usage === null)).toBe(true);
  });

  it('refuses an unknown role, naming the field', async () => {
    const { post } = simulate();
    const answer = await post('/chat/completions', {
      model: 'm',
      messages: [{ role: 'robot', content: 'hi' }],
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error.param).toBe('messages.0.role');
  });
});

describe('embeddings', () => {
  const decode = (base64: string) => {
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    const view = new DataView(bytes.buffer);
    return Array.from({ length: bytes.length / 4 }, (_, i) => view.getFloat32(i * 4, true));
  };

  it('answers one embedding per input, in order, derived from the text', async () => {
    const { post } = simulate();
    const answer = await post('/embeddings', { model: 'bge', input: ['alpha', 'beta', 'alpha'] });
    expect(schemaErrors('EmbeddingResponse', answer.body)).toEqual([]);
    expect(answer.body.data.map((d: { index: number }) => d.index)).toEqual([0, 1, 2]);
    const [a, b, c] = answer.body.data.map((d: { embedding: number[] }) => d.embedding);
    expect(a).toHaveLength(64);
    expect(a).toEqual(c);
    expect(a).not.toEqual(b);
    expect(Math.hypot(...a)).toBeCloseTo(1, 5);
    expect(answer.body.usage).toEqual({ prompt_tokens: 3, total_tokens: 3 });
  });

  it('encodes base64 as little-endian float32 of the same values, the length of the float form', async () => {
    const { post } = simulate({ embeddingDimensions: 12 });
    const floats = await post('/embeddings', { model: 'bge', input: 'hello world' });
    const base64 = await post('/embeddings', {
      model: 'bge',
      input: 'hello world',
      encoding_format: 'base64',
    });
    const encoded = base64.body.data[0].embedding;
    expect(encoded).toMatch(/^[A-Za-z0-9+/]+={0,2}$/);
    expect(decode(encoded)).toEqual(floats.body.data[0].embedding);
    expect(floats.body.data[0].embedding).toHaveLength(12);
  });

  it('takes token ids: one array is one input, an array of arrays one per item', async () => {
    const { post } = simulate();
    expect((await post('/embeddings', { model: 'bge', input: [1, 2, 3] })).body.data).toHaveLength(1);
    const many = await post('/embeddings', { model: 'bge', input: [[1, 2], [3]] });
    expect(many.body.data).toHaveLength(2);
    expect(many.body.usage.prompt_tokens).toBe(3);
  });
});

describe('images', () => {
  const png = (base64: string) => Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
  const size = (bytes: Uint8Array) => {
    const view = new DataView(bytes.buffer);
    return { width: view.getUint32(16), height: view.getUint32(20) };
  };

  it('answers only b64_json when asked: a real PNG of the requested shape', async () => {
    const { post } = simulate();
    const answer = await post('/images/generations', {
      model: 'flux',
      prompt: 'a lighthouse',
      aspect_ratio: '16:9',
      response_format: 'b64_json',
    });
    expect(schemaErrors('ImageGenerationResponse', answer.body)).toEqual([]);
    expect(Object.keys(answer.body.data[0])).toEqual(['b64_json']);
    const bytes = png(answer.body.data[0].b64_json);
    expect([...bytes.slice(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const { width, height } = size(bytes);
    expect(width / height).toBeCloseTo(16 / 9, 1);
  });

  it('sends the PNG at the size asked for, decodable, and small even at 2048x2048', async () => {
    const { post } = simulate();
    const answer = await post('/images/generations', {
      model: 'flux',
      prompt: 'a lighthouse',
      width: 2048,
      height: 2048,
      response_format: 'b64_json',
    });
    const bytes = png(answer.body.data[0].b64_json);
    expect(size(bytes)).toEqual({ width: 2048, height: 2048 });
    expect(bytes.length).toBeLessThan(200_000);
    // The pixels inflate back to one filter byte and 2048 RGB pixels per row.
    const idatLength = new DataView(bytes.buffer).getUint32(33);
    const pixels = unzlibSync(bytes.subarray(41, 41 + idatLength));
    expect(pixels.length).toBe(2048 * (1 + 2048 * 3));
  });

  it('answers only a url by default, which the simulator itself serves as a PNG', async () => {
    const { post, simulator } = simulate();
    const answer = await post('/images/generations', {
      model: 'flux',
      prompt: 'a lighthouse',
      width: 512,
      height: 256,
    });
    expect(Object.keys(answer.body.data[0])).toEqual(['url']);
    const image = await simulator.fetch(answer.body.data[0].url);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(size(new Uint8Array(await image.arrayBuffer()))).toEqual({ width: 512, height: 256 });
  });

  it('refuses a zero part in aspect_ratio and sizes out of 256..2048, naming the field', async () => {
    const { post } = simulate();
    for (const [body, field] of [
      [{ aspect_ratio: '0:1' }, 'aspect_ratio'],
      [{ width: 2049 }, 'width'],
      [{ height: 255 }, 'height'],
      [{ num_inference_steps: 101 }, 'num_inference_steps'],
      [{ response_format: 'URL' }, 'response_format'],
    ] as const) {
      const answer = await post('/images/generations', { model: 'flux', prompt: 'p', ...body });
      expect(answer.status, field).toBe(400);
      expect(answer.body.error.param).toBe(field);
    }
    for (const body of [{ width: 256, height: 2048 }, { num_inference_steps: 100 }]) {
      expect((await post('/images/generations', { model: 'flux', prompt: 'p', ...body })).status).toBe(200);
    }
  });
});
