import { createClient } from '@inference-infra/fetch-client';
import type { ChatCompletionChunk } from '@inference-infra/types';
import { QueryClient } from '@tanstack/react-query';
import { describe, expectTypeOf, it } from 'vitest';
import { useChatCompletionStreamQuery } from './hooks.gen.js';
import { chatCompletionStreamQueryOptions } from './options.gen.js';
import { inferenceInfraKeys } from './queryKeys.js';
import type { InferenceInfraHookError } from './types.js';

const body = { model: 'm', messages: [{ role: 'user' as const, content: 'hi' }] };

describe('useChatCompletionStreamQuery', () => {
  it('types the data as the chunks of the spec and the error as the client errors', () => {
    const stream = useChatCompletionStreamQuery(body);
    expectTypeOf(stream.data).toEqualTypeOf<ChatCompletionChunk[] | undefined>();
    expectTypeOf(stream.data?.[0]?.choices[0]?.delta.content).toEqualTypeOf<string | null | undefined>();
    expectTypeOf(stream.error).toEqualTypeOf<InferenceInfraHookError | null>();
  });

  it('tags its key with the chunks, for typed cache reads', () => {
    const options = chatCompletionStreamQueryOptions(createClient({ apiKey: 'ii_live_types' }), body);
    expectTypeOf(new QueryClient().getQueryData(options.queryKey)).toEqualTypeOf<
      ChatCompletionChunk[] | undefined
    >();
    expectTypeOf(new QueryClient().getQueryData(inferenceInfraKeys.chat.stream(body))).toEqualTypeOf<
      ChatCompletionChunk[] | undefined
    >();
  });

  it('takes the pass-through options and a refetch mode of streamedQuery', () => {
    useChatCompletionStreamQuery(body, { enabled: false, refetchMode: 'append', retry: undefined });
    useChatCompletionStreamQuery(body, { refetchMode: 'replace', meta: { screen: 'chat' } });
    // @ts-expect-error streamedQuery knows reset, append and replace only
    useChatCompletionStreamQuery(body, { refetchMode: 'merge' });
    // @ts-expect-error the query always streams
    useChatCompletionStreamQuery({ ...body, stream: false });
    // @ts-expect-error the query function is the builder's streamedQuery
    useChatCompletionStreamQuery(body, { queryFn: async () => [] });
  });
});
