import { createSimulator } from '@inference-infra/mock-server';
import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { createClient } from './index.js';

/**
 * The official client and ours, each on its own in-process simulator with the same seed and clock: twins that give
 * the same ids, times and text to the same calls, so users switching between clients must see the same answers.
 */
const baseURL = 'https://inference.test/v1';
const apiKey = 'ii_live_parity';
const twin = () =>
  createSimulator({ seed: 7, now: () => new Date('2026-11-23T08:00:00Z'), streamEventIntervalMs: 0 });
const openai = new OpenAI({ apiKey, baseURL, maxRetries: 0, fetch: twin().fetch });
const ours = createClient({ apiKey, baseUrl: baseURL, maxRetries: 0, fetch: twin().fetch });
const messages = [{ role: 'user' as const, content: 'What is a persistent volume?' }];

describe('this client and the official openai client agree', () => {
  it('on a chat completion', async () => {
    const [theirs, mine] = await Promise.all([
      openai.chat.completions.create({ model: 'llama-3.1-8b-instruct', messages }),
      ours.chat.completions.create({ model: 'llama-3.1-8b-instruct', messages }),
    ]);
    expect(mine).toEqual(JSON.parse(JSON.stringify(theirs)));
  });

  it('on a streamed chat completion, chunk by chunk', async () => {
    const theirs = [];
    for await (const chunk of await openai.chat.completions.create({ model: 'm', messages, stream: true })) {
      theirs.push(chunk);
    }
    const mine = [];
    for await (const chunk of await ours.chat.completions.create({ model: 'm', messages, stream: true })) {
      mine.push(chunk);
    }
    expect(mine.length).toBeGreaterThan(1);
    expect(mine).toEqual(JSON.parse(JSON.stringify(theirs)));
  });

  it('on embeddings', async () => {
    const body = { model: 'bge-large-en-v1.5', input: 'hello', encoding_format: 'float' as const };
    const [theirs, mine] = await Promise.all([openai.embeddings.create(body), ours.embeddings.create(body)]);
    expect(mine).toEqual(JSON.parse(JSON.stringify(theirs)));
  });

  it('on embeddings of several inputs, as base64', async () => {
    const body = { model: 'bge-large-en-v1.5', input: ['a', 'b', 'c'], encoding_format: 'base64' as const };
    const [theirs, mine] = await Promise.all([openai.embeddings.create(body), ours.embeddings.create(body)]);
    expect(mine.data).toHaveLength(3);
    expect(mine).toEqual(JSON.parse(JSON.stringify(theirs)));
  });

  it('on images', async () => {
    const body = { model: 'flux-1-schnell', prompt: 'a lighthouse at dawn' };
    const [theirs, mine] = await Promise.all([openai.images.generate(body), ours.images.generate(body)]);
    expect(mine).toEqual(JSON.parse(JSON.stringify(theirs)));
  });
});
