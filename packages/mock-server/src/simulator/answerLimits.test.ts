import { describe, expect, it } from 'vitest';
import { simulate } from '../test/inProcess.js';
import { imageSize } from './operations/generateImages.js';

describe('bounds of the simulator itself', () => {
  it('refuses more embedding inputs than maxEmbeddingInputs, naming the option, before computing any', async () => {
    const { post } = simulate();
    const answer = await post('/embeddings', {
      model: 'm',
      input: Array.from({ length: 349_000 }, () => ''),
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({ code: 'too_many_inputs', param: 'input' });
    expect(answer.body.error.message).toContain('maxEmbeddingInputs');
  });

  it('refuses an answer larger than maxAnswerBytes (20,000 inputs at 1536 dimensions), naming the option', async () => {
    const { post } = simulate({ embeddingDimensions: 1536, maxEmbeddingInputs: 100_000 });
    const answer = await post('/embeddings', { model: 'm', input: Array.from({ length: 20_000 }, () => '') });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({ code: 'answer_too_large', param: 'input' });
    expect(answer.body.error.message).toMatch(/maxAnswerBytes of 33554432/);
  });

  it('writes a large answer in pieces whose text is exactly the JSON of the answer', async () => {
    const { post } = simulate({ embeddingDimensions: 1536 });
    const input = Array.from({ length: 600 }, (_, index) => `text ${index}`);
    const answer = await post('/embeddings', { model: 'm', input });
    expect(answer.status).toBe(200);
    expect(answer.response.headers.get('content-length')).toBeNull();
    expect(answer.body.data).toHaveLength(600);
    expect(answer.body.data[599]).toMatchObject({ object: 'embedding', index: 599 });
    expect(answer.text).toBe(JSON.stringify(answer.body));
  });

  it('refuses an image of more pixels than maxImagePixels, naming the option', async () => {
    const { post } = simulate({ maxImagePixels: 512 * 512 });
    const answer = await post('/images/generations', { model: 'm', prompt: 'p', width: 1024, height: 1024 });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({ code: 'image_too_large', param: 'width' });
    expect(answer.body.error.message).toContain('maxImagePixels');
    expect(
      (await post('/images/generations', { model: 'm', prompt: 'p', width: 512, height: 512 })).status,
    ).toBe(200);
  });

  it('refuses a field nested 100,000 deep in an open schema with a 400 naming maxJsonDepth, not a 500', async () => {
    const { call } = simulate();
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const message = `{"role":"user","content":"hi","x":${deep}}`;
    const answer = await call('/chat/completions', {
      method: 'POST',
      body: `{"model":"m","messages":[${message}]}`,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({ code: 'body_too_deep', param: 'body' });
    expect(answer.body.error.message).toContain('maxJsonDepth');
    // Brackets inside strings are text, not nesting.
    const text = JSON.stringify({ model: 'm', messages: [{ role: 'user', content: '['.repeat(500) }] });
    expect((await call('/chat/completions', { method: 'POST', body: text })).status).toBe(200);
  });

  it('keeps a derived size within 256..2048 for a ratio of two 400-digit numbers', () => {
    const big = (digit: string) => `${digit}${'0'.repeat(399)}`;
    expect(imageSize({ model: 'm', prompt: 'p', aspect_ratio: `${big('1')}:${big('1')}` })).toEqual({
      width: 1024,
      height: 1024,
    });
    expect(imageSize({ model: 'm', prompt: 'p', aspect_ratio: `${big('9')}:1` })).toEqual({
      width: 2048,
      height: 256,
    });
    expect(imageSize({ model: 'm', prompt: 'p', aspect_ratio: `1:${big('9')}`, width: 300 })).toEqual({
      width: 300,
      height: 2048,
    });
  });
});
