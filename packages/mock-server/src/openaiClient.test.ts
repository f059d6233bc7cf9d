import OpenAI, { AuthenticationError, RateLimitError } from 'openai';
import { describe, expect, inject, it } from 'vitest';

/** The official client, pointed at the simulator's inference base address exactly as users point it at the service. */
const client = new OpenAI({ apiKey: 'ii_live_openaiclient', baseURL: inject('mockBaseUrl'), maxRetries: 0 });
const question = {
  model: 'llama-3.1-8b-instruct',
  messages: [{ role: 'user' as const, content: 'What is a persistent volume?' }],
};

describe('the official openai client against the simulator', () => {
  it('creates a chat completion', async () => {
    const completion = await client.chat.completions.create(question);
    expect(completion.object).toBe('chat.completion');
    expect(completion.choices[0]?.message.content).toMatch(
      /^Simulated reply to "What is a persistent volume\?"/,
    );
    expect(completion.usage?.total_tokens).toBeGreaterThan(0);
  });

  it('streams the same text, with the usage chunk it asks for', async () => {
    const whole = (await client.chat.completions.create(question)).choices[0]?.message.content;
    const stream = await client.chat.completions.create({
      ...question,
      stream: true,
      stream_options: { include_usage: true },
    });
    let text = '';
    let chunks = 0;
    let usage: OpenAI.CompletionUsage | null | undefined;
    for await (const chunk of stream) {
      chunks++;
      text += chunk.choices[0]?.delta.content ?? '';
      usage = chunk.usage ?? usage;
    }
    expect(chunks).toBeGreaterThan(3);
    expect(text).toBe(whole);
    expect(usage?.total_tokens).toBe((usage?.prompt_tokens ?? 0) + (usage?.completion_tokens ?? 0));
  });

  it('creates one embedding per input, decoding the base64 it asks for by default to the float values', async () => {
    const input = ['a persistent volume', 'an instance type', 'a transaction'];
    const decoded = await client.embeddings.create({ model: 'bge-large-en-v1.5', input });
    const floats = await client.embeddings.create({
      model: 'bge-large-en-v1.5',
      input,
      encoding_format: 'float',
    });
    expect(decoded.data.map((item) => item.index)).toEqual([0, 1, 2]);
    expect(decoded.data.map((item) => item.embedding)).toEqual(floats.data.map((item) => item.embedding));
    expect(floats.data[0]?.embedding).toHaveLength(64);
  });

  it('generates images as a url it can download and as b64_json', async () => {
    const byUrl = await client.images.generate({ model: 'flux-1-schnell', prompt: 'a lighthouse' });
    const url = byUrl.data?.[0]?.url ?? '';
    expect(byUrl.data?.[0]?.b64_json).toBeUndefined();
    expect((await fetch(url)).headers.get('content-type')).toBe('image/png');
    const inline = await client.images.generate({
      model: 'flux-1-schnell',
      prompt: 'a lighthouse',
      response_format: 'b64_json',
    });
    expect(atob(inline.data?.[0]?.b64_json ?? '').slice(1, 4)).toBe('PNG');
    expect(inline.data?.[0]?.url).toBeUndefined();
  });

  it('gets an AuthenticationError without a key and a RateLimitError on a simulated 429', async () => {
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
    const limited = await client.embeddings
      .create({ model: 'm', input: 'x' }, { headers: { 'X-Simulate': 'status=429;retry-after=0' } })
      .catch((error: unknown) => error);
    expect(limited).toBeInstanceOf(RateLimitError);
  });
});
