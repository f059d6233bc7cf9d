import OpenAI, { AuthenticationError } from 'openai';
import { describe, expect, inject, it } from 'vitest';

/** The official client, pointed at the mock's inference base address exactly as users point it at the service. */
const client = new OpenAI({ apiKey: 'ii_live_openaiclient', baseURL: inject('mockBaseUrl'), maxRetries: 0 });

describe('the official openai client against the mock', () => {
  it('creates a chat completion', async () => {
    const completion = await client.chat.completions.create({
      model: 'llama-3.1-8b-instruct',
      messages: [{ role: 'user', content: 'What is a persistent volume?' }],
    });
    expect(completion.object).toBe('chat.completion');
    expect(completion.choices[0]?.message.content).toMatch(/persistent volume/);
  });

  it('streams a chat completion to the end', async () => {
    const stream = await client.chat.completions.create({
      model: 'llama-3.1-8b-instruct',
      messages: [{ role: 'user', content: 'What is a persistent volume?' }],
      stream: true,
    });
    let text = '';
    let chunks = 0;
    for await (const chunk of stream) {
      chunks++;
      text += chunk.choices[0]?.delta.content ?? '';
    }
    expect(chunks).toBeGreaterThan(1);
    expect(text).toBe('A persistent volume is storage that outlives the instance it is attached to.');
  });

  it('creates embeddings, decoding the base64 it asks for by default', async () => {
    const result = await client.embeddings.create({ model: 'bge-large-en-v1.5', input: ['a', 'b'] });
    expect(result.data).toHaveLength(2);
    expect(result.data[0]?.embedding[0]).toBeCloseTo(0.0123, 4);
  });

  it('creates embeddings as floats when asked', async () => {
    const result = await client.embeddings.create({
      model: 'bge-large-en-v1.5',
      input: 'a',
      encoding_format: 'float',
    });
    expect(result.data[0]?.embedding).toEqual([0.0123, -0.0456, 0.0789, 0.1011]);
  });

  it('generates images as url and as b64_json', async () => {
    const byUrl = await client.images.generate({ model: 'flux-1-schnell', prompt: 'a lighthouse' });
    expect(byUrl.data?.[0]?.url).toMatch(/^https:\/\//);
    const inline = await client.images.generate({
      model: 'flux-1-schnell',
      prompt: 'a lighthouse',
      response_format: 'b64_json',
    });
    expect(inline.data?.[0]?.b64_json).toMatch(/^[A-Za-z0-9+/=]+$/);
    expect(inline.data?.[0]?.url).toBeUndefined();
  });

  it('gets an AuthenticationError without a key', async () => {
    const keyless = new OpenAI({
      apiKey: 'unused',
      baseURL: inject('mockBaseUrl'),
      maxRetries: 0,
      defaultHeaders: { Authorization: null },
    });
    const failure = await keyless.embeddings
      .create({ model: 'm', input: 'x' })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AuthenticationError);
    expect((failure as AuthenticationError).status).toBe(401);
  });
});
