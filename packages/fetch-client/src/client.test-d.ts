import type {
  ChatCompletion,
  ChatCompletionChunk,
  InstanceType,
  PersistentVolume,
} from '@inference-infra/types';
import { describe, expectTypeOf, it } from 'vitest';
import type { EventStream } from './eventStream.js';
import { createClient } from './index.js';

const client = createClient({ apiKey: 'ii_live_types' });

describe('resource methods follow the spec', () => {
  it('type answers from the spec', async () => {
    expectTypeOf((await client.instances.listTypes()).data).toEqualTypeOf<InstanceType[]>();
    expectTypeOf((await client.storage.resize('v', { size_gb: 500 })).data).toEqualTypeOf<PersistentVolume>();
    expectTypeOf((await client.instances.listTypes()).requestId).toEqualTypeOf<string | null>();
  });

  it('type a streamed chat as chunks and a whole one as a completion', async () => {
    const messages = [{ role: 'user' as const, content: 'hi' }];
    expectTypeOf(await client.chat.completions.create({ model: 'm', messages, stream: true })).toEqualTypeOf<
      EventStream<ChatCompletionChunk>
    >();
    expectTypeOf(
      await client.chat.completions.create({ model: 'm', messages }),
    ).toMatchTypeOf<ChatCompletion>();
  });

  it('reject wrong query parameters and body fields at compile time', () => {
    // @ts-expect-error size_gb is an integer, not a string
    void client.storage.resize('v', { size_gb: '500' });
    // @ts-expect-error size_gb is required
    void client.storage.resize('v', {});
    // @ts-expect-error the body field is size_gb, not sizeGb
    void client.storage.resize('v', { sizeGb: 500 });
    // @ts-expect-error 'foo' is not a transaction type
    void client.billing.listTransactions({ type: 'foo' });
    // @ts-expect-error limit is a number
    void client.billing.listTransactions({ limit: '10' });
    // @ts-expect-error response_format is url or b64_json
    void client.images.generate({ model: 'm', prompt: 'p', response_format: 'png' });
    // @ts-expect-error prompt is required
    void client.images.generate({ model: 'm' });
    // @ts-expect-error encoding_format is float or base64
    void client.embeddings.create({ model: 'm', input: 'x', encoding_format: 'hex' });
  });
});

describe('the low-level calls follow the spec', () => {
  it('type paths, parameters and answers', async () => {
    const { data } = await client.GET('/api/v1/instances/types', { params: { query: { gpu_count: 8 } } });
    expectTypeOf(data?.data).toEqualTypeOf<InstanceType[] | undefined>();
    // @ts-expect-error gpu_count is an integer, not a string
    void client.GET('/api/v1/instances/types', { params: { query: { gpu_count: 'eight' } } });
    // @ts-expect-error there is no such path
    void client.GET('/api/v1/instances/kinds');
    // @ts-expect-error the resize path needs its id
    void client.PATCH('/api/v1/storage/{id}', { body: { size_gb: 500 } });
  });
});
