/**
 * Shapes of the inference and platform API. Every type here names a type openapi-typescript generated from the
 * bundled spec (`openapi.gen.ts`); every schema was generated from it too (`zod.gen.ts`). Nothing is written twice.
 */
import type { components, operations } from './openapi.gen.js';

export { describeZodIssues, formatZodError, type ZodIssueDescription } from './formatZodError.js';
export type { components, operations, paths, webhooks } from './openapi.gen.js';
export { requestSchemas, responseSchemas, schemas } from './zod.gen.js';

type Schemas = components['schemas'];

// Platform resources.
export type InstanceType = Schemas['InstanceType'];
export type InstanceTypeList = Schemas['InstanceTypeList'];
export type PersistentVolume = Schemas['PersistentVolume'];
export type ResizeVolumeRequest = Schemas['ResizeVolumeRequest'];
export type ResizeVolumeResponse = Schemas['ResizeVolumeResponse'];
export type BillingTransaction = Schemas['BillingTransaction'];
export type BillingTransactionList = Schemas['BillingTransactionList'];
export type TransactionType = Schemas['TransactionType'];
export type PaginationMeta = Schemas['PaginationMeta'];

// Images.
export type ImageGenerationRequest = Schemas['ImageGenerationRequest'];
export type ImageGenerationResponse = Schemas['ImageGenerationResponse'];
export type ImageResult = Schemas['ImageResult'];

// Embeddings.
export type EmbeddingRequest = Schemas['EmbeddingRequest'];
export type EmbeddingInput = Schemas['EmbeddingInput'];
export type EmbeddingResponse = Schemas['EmbeddingResponse'];
export type Embedding = Schemas['Embedding'];
export type EmbeddingUsage = Schemas['EmbeddingUsage'];

// Chat.
export type ChatCompletionRequest = Schemas['ChatCompletionRequest'];
export type ChatMessage = Schemas['ChatMessage'];
export type ChatContentPart = Schemas['ChatContentPart'];
export type ChatCompletion = Schemas['ChatCompletion'];
/** One `data:` event of a streamed chat completion (`stream: true`). */
export type ChatCompletionChunk = Schemas['ChatCompletionChunk'];
export type ChatCompletionUsage = Schemas['ChatCompletionUsage'];
export type FinishReason = Schemas['FinishReason'];

// Errors.
/** The body of every failure answer of both base addresses. */
export type ErrorResponse = Schemas['ErrorResponse'];
export type ErrorType = ErrorResponse['error']['type'];

// Any operation's parts, by operationId.
export type OperationId = keyof operations;
type JsonContent<T> = T extends { content: { 'application/json': infer Body } } ? Body : never;
/** The query parameters of an operation (never when it has none). */
export type OperationQuery<Id extends OperationId> = NonNullable<operations[Id]['parameters']['query']>;
/** The path parameters of an operation (never when it has none). */
export type OperationPathParams<Id extends OperationId> = NonNullable<operations[Id]['parameters']['path']>;
/** The JSON request body of an operation (never when it has none). */
export type OperationBody<Id extends OperationId> = JsonContent<NonNullable<operations[Id]['requestBody']>>;
/** The JSON answer of an operation for one status, 200 unless given. */
export type OperationResponse<
  Id extends OperationId,
  Status extends keyof operations[Id]['responses'] = 200 & keyof operations[Id]['responses'],
> = JsonContent<operations[Id]['responses'][Status]>;

// Each operation's parts by name, for the common imports.
export type ListInstanceTypesQuery = OperationQuery<'listInstanceTypes'>;
export type ListInstanceTypesResponse = OperationResponse<'listInstanceTypes'>;
export type ResizeVolumePathParams = OperationPathParams<'resizeVolume'>;
export type ResizeVolumeBody = OperationBody<'resizeVolume'>;
// The answer of resizeVolume is the component ResizeVolumeResponse, exported above under the same name.
export type ListBillingTransactionsQuery = OperationQuery<'listBillingTransactions'>;
export type ListBillingTransactionsResponse = OperationResponse<'listBillingTransactions'>;
export type GenerateImagesBody = OperationBody<'generateImages'>;
export type GenerateImagesResponse = OperationResponse<'generateImages'>;
export type CreateEmbeddingsBody = OperationBody<'createEmbeddings'>;
export type CreateEmbeddingsResponse = OperationResponse<'createEmbeddings'>;
export type CreateChatCompletionBody = OperationBody<'createChatCompletion'>;
/** The whole answer (`stream` false or absent); a streamed answer is a sequence of `ChatCompletionChunk`. */
export type CreateChatCompletionResponse = OperationResponse<'createChatCompletion'>;
