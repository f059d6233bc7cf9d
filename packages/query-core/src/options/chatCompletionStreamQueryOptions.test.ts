import { createClient } from '@inference-infra/fetch-client';
import { QueryClient } from '@tanstack/query-core';
import { describe, expect, inject, it } from 'vitest';
import { inferenceInfraKeys } from '../queryKeys.js';
import { chatCompletionStreamQueryOptions } from '../queryOptions.gen.js';

describe('chatCompletionStreamQueryOptions, with no framework', () => {
  it('caches the chunks of the streamed answer in order, under the key of its body', async () => {
    const client = createClient({ apiKey: 'ii_live_corestream0001', baseUrl: inject('mockBaseUrl') });
    const queryClient = new QueryClient();
    const body = { model: 'llama-3.1-8b-instruct', messages: [{ role: 'user' as const, content: 'Say hi' }] };
    const chunks = await queryClient.fetchQuery(chatCompletionStreamQueryOptions(client, body));
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.at(-1)?.choices[0]?.finish_reason).toBe('stop');
    const text = chunks.map((chunk) => chunk.choices[0]?.delta.content ?? '').join('');
    expect(text.length).toBeGreaterThan(0);
    expect(queryClient.getQueryData(inferenceInfraKeys.chat.stream(body))).toBe(chunks);
  });
});
