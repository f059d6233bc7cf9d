import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { ChatOpenAI } from '@langchain/openai';
import { embed, generateImage, generateText, jsonSchema, tool } from 'ai';
import OpenAI from 'openai';
import { describe, expect, inject, it } from 'vitest';

/**
 * Each row of the compatibility table (spec/ASSUMPTIONS.md, "OpenAI-style clients: every field they send") sent
 * through at least one of the three clients a user would point at the service: accepted fields change the answer as
 * OpenAI's do, refused ones come back as an error that names the field and what to use instead, through the client's
 * own error, and fields without effect are accepted.
 */
const baseURL = inject('mockBaseUrl');
const apiKey = 'ii_live_compattable';
const openai = new OpenAI({ apiKey, baseURL, maxRetries: 0 });
const aiOpenai = createOpenAI({ apiKey, baseURL });
const aiCompatible = createOpenAICompatible({ name: 'inference-infra', apiKey, baseURL });
const chat = {
  model: 'llama-3.1-8b-instruct',
  messages: [{ role: 'user' as const, content: 'Name a GPU.' }],
};

/** What a call failed with, as a user reads it. */
const failureOf = (call: Promise<unknown>) =>
  call.then(
    () => 'no failure',
    (error: unknown) => String((error as Error).message),
  );

/** Width and height of a PNG, from its IHDR chunk. */
function pngSize(bytes: Uint8Array) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

describe('chat fields of the compatibility table', () => {
  it('max_completion_tokens: accepted as max_tokens, and wins over it', async () => {
    const completion = await openai.chat.completions.create({
      ...chat,
      max_completion_tokens: 3,
      max_tokens: 50,
    });
    expect(completion.choices[0]?.finish_reason).toBe('length');
    expect(completion.usage?.completion_tokens).toBe(3);
  });

  it('frequency_penalty, presence_penalty, logit_bias: accepted within their bounds, refused outside', async () => {
    const { text } = await generateText({
      model: aiCompatible.chatModel(chat.model),
      prompt: 'Name a GPU.',
      frequencyPenalty: 0.5,
      presencePenalty: -0.5,
      maxRetries: 0,
    });
    expect(text).toMatch(/^Simulated reply/);
    expect((await openai.chat.completions.create({ ...chat, logit_bias: { '42': 10 } })).object).toBe(
      'chat.completion',
    );
    expect(await failureOf(openai.chat.completions.create({ ...chat, frequency_penalty: 3 }))).toMatch(
      /frequency_penalty: must be at most 2/,
    );
  });

  it('n: 1 accepted; 2 refused through LangChain, saying to send the request again', async () => {
    expect((await openai.chat.completions.create({ ...chat, n: 1 })).choices).toHaveLength(1);
    const langchain = new ChatOpenAI({
      model: chat.model,
      apiKey,
      configuration: { baseURL },
      maxRetries: 0,
      n: 2,
    });
    expect(await failureOf(langchain.invoke('Name a GPU.'))).toMatch(
      /n: must be at most 1; one choice per request, so send the request again/,
    );
  });

  it('logprobs and top_logprobs: refused, false accepted', async () => {
    expect(await failureOf(openai.chat.completions.create({ ...chat, logprobs: true }))).toMatch(
      /logprobs: must be false; the service does not return log probabilities/,
    );
    expect(
      await failureOf(openai.chat.completions.create({ ...chat, logprobs: false, top_logprobs: 2 })),
    ).toMatch(/top_logprobs: is not supported by this service/);
  });

  it('response_format: text accepted; JSON mode and structured outputs refused, saying to ask in the messages', async () => {
    expect(
      (await openai.chat.completions.create({ ...chat, response_format: { type: 'text' } })).choices[0]
        ?.message,
    ).toBeDefined();
    for (const response_format of [
      { type: 'json_object' as const },
      { type: 'json_schema' as const, json_schema: { name: 'gpu', schema: { type: 'object' } } },
    ]) {
      expect(await failureOf(openai.chat.completions.create({ ...chat, response_format }))).toMatch(
        /response_format\.type: must be one of text; for JSON, ask for it in the messages/,
      );
    }
  });

  it('tools and tool_choice: refused through the AI SDK and LangChain, never answered with plain text', async () => {
    const weather = tool({
      description: 'Weather',
      inputSchema: jsonSchema({ type: 'object', properties: {} }),
    });
    const viaAiSdk = generateText({
      model: aiOpenai.chat(chat.model),
      prompt: 'Weather?',
      tools: { weather },
      toolChoice: 'required',
      maxRetries: 0,
    });
    expect(await failureOf(viaAiSdk)).toMatch(
      /tools: is not supported by this service; describe what you need/,
    );
    const langchain = new ChatOpenAI({
      model: chat.model,
      apiKey,
      configuration: { baseURL },
      maxRetries: 0,
    });
    const bound = langchain.bindTools([{ type: 'function', function: { name: 'weather', parameters: {} } }]);
    expect(await failureOf(bound.invoke('Weather?'))).toMatch(/tools: is not supported by this service/);
  });

  it('parallel_tool_calls, store, metadata, user: accepted and without effect', async () => {
    const plain = await openai.chat.completions.create(chat);
    const extra = await openai.chat.completions.create({
      ...chat,
      parallel_tool_calls: false,
      store: true,
      metadata: { team: 'gpu' },
      user: 'user-1',
    });
    expect(extra.choices[0]?.message.content).toBe(plain.choices[0]?.message.content);
  });
});

describe('embedding fields of the compatibility table', () => {
  it('dimensions: each embedding shortened to that many values, through the AI SDK; above the model refused', async () => {
    const { embedding } = await embed({
      model: aiOpenai.embedding('bge-large-en-v1.5'),
      value: 'volume',
      providerOptions: { openai: { dimensions: 8 } },
      maxRetries: 0,
    });
    expect(embedding).toHaveLength(8);
    expect(Math.hypot(...embedding)).toBeCloseTo(1, 5);
    expect(
      await failureOf(
        openai.embeddings.create({ model: 'bge-large-en-v1.5', input: 'volume', dimensions: 65 }),
      ),
    ).toMatch(/dimensions: must be at most 64, the model's own size/);
  });

  it('user: accepted and without effect', async () => {
    const input = { model: 'bge-large-en-v1.5', input: 'volume', encoding_format: 'float' as const };
    const plain = await openai.embeddings.create(input);
    expect((await openai.embeddings.create({ ...input, user: 'user-1' })).data).toEqual(plain.data);
  });
});

describe('image fields of the compatibility table', () => {
  it.each([
    ['@ai-sdk/openai', aiOpenai.image('flux-1-schnell')],
    ['@ai-sdk/openai-compatible', aiCompatible.imageModel('flux-1-schnell')],
  ])('size: generateImage through %s returns a PNG of the size asked for', async (_name, model) => {
    const { image } = await generateImage({ model, prompt: 'a GPU', size: '512x768', maxRetries: 0 });
    expect(pngSize(image.uint8Array)).toEqual({ width: 512, height: 768 });
  });

  it('size: outside 256..2048, or beside a width that differs, refused naming size', async () => {
    const generate = (body: Record<string, unknown>) =>
      failureOf(openai.images.generate({ model: 'flux-1-schnell', prompt: 'a GPU', ...body } as never));
    expect(await generate({ size: '4096x4096' })).toMatch(
      /size: must match the pattern .*; give WxH with each side/,
    );
    expect(await generate({ size: '512x768', width: 600 })).toMatch(
      /size: 512x768 disagrees with width 600; give either size or width and height/,
    );
  });

  it('n: 2 refused, saying to send the request again', async () => {
    expect(
      await failureOf(openai.images.generate({ model: 'flux-1-schnell', prompt: 'a GPU', n: 2 })),
    ).toMatch(/n: must be at most 1; one image per request/);
  });

  it('quality and style refused, output_format png only, user without effect', async () => {
    const generate = (body: Record<string, unknown>) =>
      openai.images.generate({
        model: 'flux-1-schnell',
        prompt: 'a GPU',
        response_format: 'b64_json',
        ...body,
      });
    expect(await failureOf(generate({ quality: 'hd' }))).toMatch(
      /quality: is not supported by this service; use num_inference_steps/,
    );
    expect(await failureOf(generate({ style: 'vivid' }))).toMatch(
      /style: is not supported by this service; describe the style in the prompt/,
    );
    expect(await failureOf(generate({ output_format: 'jpeg' }))).toMatch(
      /output_format: must be one of png; the service answers PNG/,
    );
    const plain = await generate({});
    expect((await generate({ output_format: 'png', user: 'user-1' })).data).toEqual(plain.data);
  });
});
