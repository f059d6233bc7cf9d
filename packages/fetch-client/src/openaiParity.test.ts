import OpenAI from 'openai';
import { describe, expect, inject, it } from 'vitest';
import { createClient } from './index.js';

/** The official client and ours, against the same mock: users switching between them must see the same answers. */
const baseURL = inject('mockBaseUrl');
const apiKey = 'ii_live_parity';
const openai = new OpenAI({ apiKey, baseURL, maxRetries: 0 });
const ours = createClient({
  apiKey,
  baseUrl: baseURL,
  platformUrl: inject('mockPlatformUrl'),
  maxRetries: 0,
});
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

  it('on images', async () => {
    const body = { model: 'flux-1-schnell', prompt: 'a lighthouse at dawn' };
    const [theirs, mine] = await Promise.all([openai.images.generate(body), ours.images.generate(body)]);
    expect(mine).toEqual(JSON.parse(JSON.stringify(theirs)));
  });
});
