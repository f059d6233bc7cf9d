// The keys belong to @inference-infra/query-core, shared by every framework's adapter: one cache layout, one owner.
// The key types are re-exported because the declarations emitted for the options builders name them (TS4058).
export {
  type BillingInfiniteKey,
  type BillingPageKey,
  type BillingTransactionsPagingQuery,
  type ChatCompletionStreamQueryBody,
  type ChatStreamKey,
  type InstanceTypesKey,
  inferenceInfraKeys,
  type VolumeKey,
} from '@inference-infra/query-core';
