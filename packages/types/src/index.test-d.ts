import { describe, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type {
  BillingTransaction,
  ChatCompletionChunk,
  ChatCompletionRequest,
  CreateChatCompletionResponse,
  components,
  ErrorResponse,
  FinishReason,
  ImageResult,
  InstanceType,
  ListBillingTransactionsQuery,
  ListInstanceTypesQuery,
  OperationBody,
  OperationId,
  OperationResponse,
  operations,
  PaginationMeta,
  PersistentVolume,
  paths,
  ResizeVolumeBody,
  ResizeVolumePathParams,
  ResizeVolumeRequest,
  ResizeVolumeResponse,
  requestSchemas,
  responseSchemas,
  schemas,
  TransactionType,
} from './index.js';

describe('the resize body', () => {
  it('takes an integer size_gb and nothing else', () => {
    expectTypeOf<ResizeVolumeBody>().toEqualTypeOf<{ size_gb: number }>();
    const body: ResizeVolumeBody = { size_gb: 500 };
    expectTypeOf(body).toEqualTypeOf<ResizeVolumeRequest>();
  });

  it('rejects size_gb as a string, a missing size_gb and a misspelt field', () => {
    // @ts-expect-error size_gb is a number (an integer in the spec), not a numeric string
    const asString: ResizeVolumeBody = { size_gb: '500' };
    // @ts-expect-error size_gb is required
    const missing: ResizeVolumeBody = {};
    // @ts-expect-error the body is closed: sizeGb is not size_gb
    const misspelt: ResizeVolumeBody = { sizeGb: 500 };
    void [asString, missing, misspelt];
  });

  it('names the volume by a string id in the path', () => {
    expectTypeOf<ResizeVolumePathParams>().toEqualTypeOf<{ id: string }>();
  });
});

describe('billing transactions', () => {
  it('filter by the four transaction types only', () => {
    expectTypeOf<TransactionType>().toEqualTypeOf<'credit' | 'usage' | 'refund' | 'adjustment'>();
    const query: ListBillingTransactionsQuery = { limit: 10, offset: 20, type: 'refund' };
    // @ts-expect-error bonus is not a transaction type
    const unknownType: ListBillingTransactionsQuery = { type: 'bonus' };
    // @ts-expect-error limit is a number, not a string
    const limitAsString: ListBillingTransactionsQuery = { limit: '10' };
    void [query, unknownType, limitAsString];
  });

  it('have every listed field, required', () => {
    const transaction: BillingTransaction = {
      id: 'txn_1',
      projectId: 'prj_1',
      amount: -42.18,
      description: 'GPU usage',
      createdAt: '2026-11-20T23:59:59Z',
    };
    // @ts-expect-error amount is required
    const withoutAmount: BillingTransaction = { id: 't', projectId: 'p', description: 'd', createdAt: 'c' };
    void [transaction, withoutAmount];
  });
});

describe('resources and lists', () => {
  it('type instance types, volumes and pagination as the interface document lists them', () => {
    expectTypeOf<InstanceType['gpu_count']>().toEqualTypeOf<number>();
    expectTypeOf<InstanceType['deployment_type']>().toEqualTypeOf<string>();
    expectTypeOf<PersistentVolume['sizeGb']>().toEqualTypeOf<number>();
    expectTypeOf<PersistentVolume['createdAt']>().toEqualTypeOf<string>();
    expectTypeOf<PaginationMeta>().toEqualTypeOf<{
      cursor?: string;
      hasMore?: boolean;
      total?: number;
      requestId: string;
    }>();
  });

  it('take the instance-type filters as optional and typed', () => {
    const query: ListInstanceTypesQuery = {};
    // @ts-expect-error gpu_count is a number
    const gpuCountAsString: ListInstanceTypesQuery = { gpu_count: '8' };
    void [query, gpuCountAsString];
  });

  it('give an image result an optional url and b64_json', () => {
    expectTypeOf<ImageResult>().toEqualTypeOf<{ url?: string; b64_json?: string }>();
  });
});

describe('chat', () => {
  it('needs only model and messages, with the known roles', () => {
    const request: ChatCompletionRequest = { model: 'm', messages: [{ role: 'user', content: 'hi' }] };
    // @ts-expect-error bot is not a role
    const badRole: ChatCompletionRequest = { model: 'm', messages: [{ role: 'bot', content: 'hi' }] };
    // @ts-expect-error messages is required
    const noMessages: ChatCompletionRequest = { model: 'm' };
    void [request, badRole, noMessages];
  });

  it('types the whole answer and each stream chunk', () => {
    expectTypeOf<CreateChatCompletionResponse>().toEqualTypeOf<components['schemas']['ChatCompletion']>();
    expectTypeOf<ChatCompletionChunk['object']>().toEqualTypeOf<'chat.completion.chunk'>();
    expectTypeOf<
      ChatCompletionChunk['choices'][number]['finish_reason']
    >().toEqualTypeOf<FinishReason | null>();
  });
});

describe('the error body', () => {
  it('has the OpenAI shape with one type per failure status', () => {
    expectTypeOf<ErrorResponse['error']['code']>().toEqualTypeOf<string | null>();
    const body: ErrorResponse = {
      error: {
        message: 'm',
        type: 'conflict_error',
        code: 'size_not_increased',
        param: 'size_gb',
        requestId: 'req_1',
      },
    };
    const unknownType: ErrorResponse = {
      // @ts-expect-error teapot_error is not an error type
      error: { message: 'm', type: 'teapot_error', code: null, param: null, requestId: 'req_1' },
    };
    void [body, unknownType];
  });
});

describe('operation helpers', () => {
  it('key every operation by its operationId', () => {
    expectTypeOf<OperationId>().toEqualTypeOf<
      | 'createChatCompletion'
      | 'generateImages'
      | 'createEmbeddings'
      | 'listInstanceTypes'
      | 'resizeVolume'
      | 'listBillingTransactions'
    >();
    expectTypeOf<paths['/api/v1/storage/{id}']['patch']>().toEqualTypeOf<operations['resizeVolume']>();
  });

  it('pick the JSON body and answer of an operation', () => {
    expectTypeOf<OperationBody<'resizeVolume'>>().toEqualTypeOf<ResizeVolumeRequest>();
    expectTypeOf<OperationResponse<'resizeVolume'>>().toEqualTypeOf<ResizeVolumeResponse>();
    expectTypeOf<OperationResponse<'resizeVolume', 409>>().toEqualTypeOf<ErrorResponse>();
    expectTypeOf<OperationBody<'listInstanceTypes'>>().toBeNever();
  });
});

// The zod schemas and the TypeScript types come from the same spec by two generators: a value of a TypeScript type
// must pass the static type of the matching zod schema, and what a zod schema outputs must fit the TypeScript type.
type Schemas = components['schemas'];
type ZodInputAccepts = {
  [Name in keyof Schemas]: Schemas[Name] extends z.input<(typeof schemas)[Name]> ? true : Name;
};
type ZodOutputFits = {
  [Name in keyof Schemas]: z.output<(typeof schemas)[Name]> extends Schemas[Name] ? true : Name;
};

describe('the zod schemas, statically', () => {
  it('cover exactly the component schemas', () => {
    expectTypeOf<keyof typeof schemas>().toEqualTypeOf<keyof Schemas>();
    expectTypeOf<keyof typeof requestSchemas>().toEqualTypeOf<OperationId>();
    expectTypeOf<keyof typeof responseSchemas>().toEqualTypeOf<OperationId>();
  });

  it('accept every value of the generated types and output values of them', () => {
    expectTypeOf<ZodInputAccepts[keyof Schemas]>().toEqualTypeOf<true>();
    expectTypeOf<ZodOutputFits[keyof Schemas]>().toEqualTypeOf<true>();
  });

  it('type each operation part like the generated types', () => {
    expectTypeOf<z.input<typeof requestSchemas.resizeVolume.body>>().toEqualTypeOf<ResizeVolumeBody>();
    expectTypeOf<
      z.output<typeof requestSchemas.listBillingTransactions.query>
    >().toExtend<ListBillingTransactionsQuery>();
    expectTypeOf<
      z.output<(typeof responseSchemas)['resizeVolume']['200']>
    >().toExtend<ResizeVolumeResponse>();
  });
});
