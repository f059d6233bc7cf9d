import type {
  BillingTransactionsInfiniteKey,
  BillingTransactionsKey,
  ChatCompletionStreamKey,
} from './queryOptions.gen.js';
import type { StreamRefetchMode } from './streamedQueryOptions.js';

// Public names from before the key and option types were generated (the rule now names them after the operation:
// `${Name}Key`). Kept so that code naming them still compiles; new code uses the generated names.

/** @deprecated The same type as `BillingTransactionsKey`. */
export type BillingPageKey = BillingTransactionsKey;
/** @deprecated The same type as `BillingTransactionsInfiniteKey`. */
export type BillingInfiniteKey = BillingTransactionsInfiniteKey;
/** @deprecated The same type as `ChatCompletionStreamKey`. */
export type ChatStreamKey = ChatCompletionStreamKey;
/** @deprecated The same type as `StreamRefetchMode`. */
export type ChatStreamRefetchMode = StreamRefetchMode;
