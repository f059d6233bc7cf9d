import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { embed, embedMany, generateText, type LanguageModel, streamText } from 'ai';
import { describe, expect, inject, it } from 'vitest';

/**
 * The Vercel AI SDK against the simulator, through both of its providers a user would pick for an OpenAI-style
 * service. `openai.chat(model)`: the provider's default `openai(model)` calls `/v1/responses`, which the service does
 * not have.
 */
const baseURL = inject('mockBaseUrl');
const apiKey = 'ii_live_aisdk';
const openai = createOpenAI({ apiKey, baseURL });
const compatible = createOpenAICompatible({ name: 'inference-infra', apiKey, baseURL, includeUsage: true });

const providers = [
  {
    name: '@ai-sdk/openai',
    chat: openai.chat('llama-3.1-8b-instruct'),
    embedder: openai.embedding('bge-large-en-v1.5'),
  },
  {
    name: '@ai-sdk/openai-compatible',
    chat: compatible.chatModel('llama-3.1-8b-instruct'),
    embedder: compatible.embeddingModel('bge-large-en-v1.5'),
  },
];

const prompt = 'What is a persistent volume?';

async function streamedText(model: LanguageModel) {
  const result = streamText({ model, prompt, maxRetries: 0 });
  let text = '';
  for await (const piece of result.textStream) text += piece;
  return { text, usage: await result.usage };
}

describe('the AI SDK default provider call', () => {
  it('meets a 404 that says to use openai.chat(model): the service has no Responses API', async () => {
    const failure = await generateText({
      model: openai('llama-3.1-8b-instruct'),
      prompt,
      maxRetries: 0,
    }).catch((error: unknown) => error as Error);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toMatch(/no Responses API.*openai\.chat\(model\)/);
  });
});

describe.each(providers)('the AI SDK through $name against the simulator', ({ chat, embedder }) => {
  it('generates text with its usage', async () => {
    const { text, usage, finishReason } = await generateText({ model: chat, prompt, maxRetries: 0 });
    expect(text).toMatch(/^Simulated reply to "What is a persistent volume\?"/);
    expect(finishReason).toBe('stop');
    expect(usage.inputTokens).toBeGreaterThan(0);
    expect(usage.totalTokens).toBe((usage.inputTokens ?? 0) + (usage.outputTokens ?? 0));
  });

  it('streams the same text, with the usage the stream ends with', async () => {
    const whole = (await generateText({ model: chat, prompt, maxRetries: 0 })).text;
    const streamed = await streamedText(chat);
    expect(streamed.text).toBe(whole);
    expect(streamed.usage.outputTokens).toBeGreaterThan(0);
    expect(streamed.usage.totalTokens).toBe(
      (streamed.usage.inputTokens ?? 0) + (streamed.usage.outputTokens ?? 0),
    );
  });

  it('embeds one value and many, the same text the same way', async () => {
    const one = await embed({ model: embedder, value: 'volume', maxRetries: 0 });
    const many = await embedMany({ model: embedder, values: ['gpu', 'volume', 'ledger'], maxRetries: 0 });
    expect(one.embedding).toHaveLength(64);
    expect(many.embeddings).toHaveLength(3);
    expect(many.embeddings[1]).toEqual(one.embedding);
  });
});
