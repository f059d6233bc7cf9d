import type {
  ChatCompletionChunk,
  ListBillingTransactionsResponse,
  ListInstanceTypesResponse,
  ResizeVolumeResponse,
} from '@inference-infra/types';
import { describe, expectTypeOf, it } from 'vitest';
import type { EventStream } from './eventStream.js';
import { type APIPromise, createClient, type RateLimitHeaders, type WithRequestId } from './index.js';

const client = createClient({ apiKey: 'ii_live_types' });

describe('withResponse() and asResponse() are typed from the call', () => {
  it('keep the data type of each resource call', async () => {
    const listed = await client.instances.listTypes().withResponse();
    expectTypeOf(listed.data).toEqualTypeOf<WithRequestId<ListInstanceTypesResponse>>();
    expectTypeOf(listed.response).toEqualTypeOf<Response>();
    expectTypeOf(listed.requestId).toEqualTypeOf<string | null>();
    expectTypeOf(listed.rateLimit).toEqualTypeOf<RateLimitHeaders | null>();
    expectTypeOf((await client.storage.resize('v', { size_gb: 20 }).withResponse()).data).toEqualTypeOf<
      WithRequestId<ResizeVolumeResponse>
    >();
    expectTypeOf((await client.billing.listTransactions().withResponse()).data).toEqualTypeOf<
      WithRequestId<ListBillingTransactionsResponse>
    >();
  });

  it('type a streamed chat as its stream', async () => {
    const messages = [{ role: 'user' as const, content: 'hi' }];
    const { data } = await client.chat.completions
      .create({ model: 'm', messages, stream: true })
      .withResponse();
    expectTypeOf(data).toEqualTypeOf<EventStream<ChatCompletionChunk>>();
  });

  it('give a Response from asResponse()', () => {
    expectTypeOf(client.embeddings.create({ model: 'm', input: 'x' }).asResponse()).toEqualTypeOf<
      Promise<Response>
    >();
  });

  it('remain promises of the data, for code that takes a Promise', () => {
    const call = client.instances.listTypes();
    expectTypeOf(call).toEqualTypeOf<APIPromise<WithRequestId<ListInstanceTypesResponse>>>();
    expectTypeOf(call).toMatchTypeOf<Promise<WithRequestId<ListInstanceTypesResponse>>>();
    // @ts-expect-error the data has no `response`: that is what withResponse() is for
    void call.then((data) => data.response);
  });
});
