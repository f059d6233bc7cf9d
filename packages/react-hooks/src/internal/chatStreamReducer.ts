// The stream's state machine belongs to @inference-infra/query-core; `useChatCompletionStream` holds it in React state.
export {
  type ChatCompletionStreamState,
  type ChatCompletionStreamStatus,
  type ChatStreamEvent,
  chatStreamReducer,
  idleChatStream,
} from '@inference-infra/query-core';
