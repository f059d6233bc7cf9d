import { ChatOpenAI, OpenAIEmbeddings } from '@langchain/openai';
import { describe, expect, inject, it } from 'vitest';

/** LangChain's OpenAI integration against the simulator, configured as its docs say for an OpenAI-style service. */
const configuration = { baseURL: inject('mockBaseUrl') };
const apiKey = 'ii_live_langchain';
const chat = new ChatOpenAI({ model: 'llama-3.1-8b-instruct', apiKey, configuration, maxRetries: 0 });
const question = 'What is a persistent volume?';

describe('LangChain against the simulator', () => {
  it('invokes a chat model, with the usage in the answer', async () => {
    const answer = await chat.invoke(question);
    expect(answer.content).toMatch(/^Simulated reply to "What is a persistent volume\?"/);
    expect(answer.usage_metadata?.total_tokens).toBe(
      (answer.usage_metadata?.input_tokens ?? 0) + (answer.usage_metadata?.output_tokens ?? 0),
    );
  });

  it('streams the same text', async () => {
    const whole = (await chat.invoke(question)).content;
    let text = '';
    for await (const chunk of await chat.stream(question)) text += chunk.content;
    expect(text).toBe(whole);
  });

  it('embeds documents and a query, the same text the same way', async () => {
    const embeddings = new OpenAIEmbeddings({
      model: 'bge-large-en-v1.5',
      apiKey,
      configuration,
      maxRetries: 0,
    });
    const documents = await embeddings.embedDocuments(['gpu', 'volume']);
    const query = await embeddings.embedQuery('volume');
    expect(documents).toHaveLength(2);
    expect(documents[1]).toHaveLength(64);
    expect(documents[1]?.map((value) => Math.fround(value))).toEqual(
      query.map((value) => Math.fround(value)),
    );
  });
});
