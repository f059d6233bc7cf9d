'use client';

import { useChatCompletionStream, useInstanceTypes } from '@inference-infra/react-hooks';

export function CheapestH100() {
  const { data, error, isPending } = useInstanceTypes({ gpu_type: 'H100' });
  const chat = useChatCompletionStream();
  if (error) return <p role="alert">{error.message}</p>;
  if (isPending) return <p>loading...</p>;
  const [cheapest] = data.data;
  if (!cheapest) return <p>no H100 is offered</p>;
  return (
    <section>
      <p>
        cheapest H100: {cheapest.id} at ${cheapest.hourly_rate} an hour
      </p>
      {/* A streamed chat through the route: `operations: ['createChatCompletion']` in lib/apiRoute.ts allows it. */}
      <button
        type="button"
        disabled={chat.isStreaming}
        onClick={() =>
          chat.start({
            model: 'llama-3.1-8b-instruct',
            messages: [{ role: 'user', content: `Is ${cheapest.id} good for fine-tuning?` }],
            max_tokens: 24,
          })
        }
      >
        Ask about it
      </button>
      {chat.error ? (
        <p role="alert">{chat.error.message}</p>
      ) : (
        <p aria-busy={chat.isStreaming}>{chat.content}</p>
      )}
    </section>
  );
}
