import { APIError } from '@inference-infra/fetch-client';
import {
  useChatCompletionStream,
  useChatCompletionStreamQuery,
  useInfiniteBillingTransactions,
  useInstanceTypes,
  useResizeVolume,
} from '@inference-infra/query-core/solid';
import type { ListInstanceTypesQuery } from '@inference-infra/types';
import { createSignal, For, Show } from 'solid-js';
import { streamedQueryBody, streamedQueryPrompt, textOfChunks } from '../shared/streamedQuery.js';

function InstanceTypes() {
  const [gpuType, setGpuType] = createSignal('');
  const [gpuCount, setGpuCount] = createSignal('');
  const [region, setRegion] = createSignal('');
  // The accessor reads the three signals: each change is a new key, so the query follows the filters.
  const types = useInstanceTypes(() => ({
    gpu_type: (gpuType() || undefined) as ListInstanceTypesQuery['gpu_type'],
    gpu_count: gpuCount() ? Number(gpuCount()) : undefined,
    region: region() || undefined,
  }));
  const choice = (label: string, values: string[], set: (value: string) => void) => (
    <label>
      {label}
      <select onChange={(event) => set(event.currentTarget.value)}>
        <option value="">any</option>
        <For each={values}>{(value) => <option value={value}>{value}</option>}</For>
      </select>
    </label>
  );
  return (
    <section aria-label="Instance types, cheapest first">
      {choice('GPU type', ['A100', 'A10G', 'H100', 'L40S'], setGpuType)}
      {choice('GPU count', ['1', '2', '4', '8'], setGpuCount)}
      {choice('Region', ['us-east-1', 'eu-west-1'], setRegion)}
      <Show when={types.error}>{(error) => <p role="alert">{error().message}</p>}</Show>
      <table aria-busy={types.isFetching}>
        <tbody>
          <For each={types.data?.data ?? []}>
            {(type) => (
              <tr data-id={type.id}>
                <td>{type.id}</td>
                <td>${type.hourly_rate}</td>
              </tr>
            )}
          </For>
        </tbody>
      </table>
      <Show when={types.data?.data.length === 0}>
        <p>No instance type matches these filters.</p>
      </Show>
    </section>
  );
}

function Transactions() {
  const transactions = useInfiniteBillingTransactions(() => ({ limit: 25 }));
  return (
    <section aria-label="Billing transactions">
      <ul>
        <For each={transactions.data?.pages.flatMap((page) => page.data) ?? []}>
          {(transaction) => (
            <li>
              {transaction.id} {transaction.amount}
            </li>
          )}
        </For>
      </ul>
      <Show when={transactions.hasNextPage} fallback={<Show when={transactions.data}>end of the list</Show>}>
        <button
          type="button"
          disabled={transactions.isFetchingNextPage}
          onClick={() => transactions.fetchNextPage()}
        >
          Load more
        </button>
      </Show>
    </section>
  );
}

function ResizeVolume() {
  const [size, setSize] = createSignal('500');
  const resize = useResizeVolume();
  const problem = () => {
    const failure = resize.error;
    if (!failure) return null;
    return failure instanceof APIError ? `${failure.status}: ${failure.message}` : failure.message;
  };
  return (
    <section aria-label="Resize a volume">
      <label>
        New size (GB) <input value={size()} onInput={(event) => setSize(event.currentTarget.value)} />
      </label>
      <button
        type="button"
        disabled={resize.isPending}
        onClick={() => resize.mutate({ id: 'vol_training', size_gb: Number(size()) })}
      >
        Resize
      </button>
      <Show
        when={problem()}
        fallback={
          <Show when={resize.data}>
            {(answer) => (
              <output>
                {answer().data.id} is now {answer().data.sizeGb} GB
              </output>
            )}
          </Show>
        }
      >
        {(text) => <p role="alert">{text()}</p>}
      </Show>
    </section>
  );
}

function ChatStream() {
  const [prompt, setPrompt] = createSignal('Tell me about GPUs, at length.');
  const stream = useChatCompletionStream();
  const send = () =>
    stream.start({ model: 'llama-3.1-8b-instruct', messages: [{ role: 'user', content: prompt() }] });
  return (
    <section aria-label="Chat, streamed">
      <textarea
        aria-label="Prompt"
        value={prompt()}
        onInput={(event) => setPrompt(event.currentTarget.value)}
      />
      <button type="button" disabled={stream.isStreaming()} onClick={send}>
        Send
      </button>
      <button type="button" disabled={!stream.isStreaming()} onClick={() => stream.abort()}>
        Abort
      </button>
      <p data-status={stream.status()} class="status">
        {stream.status()}
      </p>
      <output aria-label="Answer">{stream.content()}</output>
      <Show when={stream.error()}>
        {(error) => (
          <p role="alert">
            {error().name}: {error().message}
          </p>
        )}
      </Show>
    </section>
  );
}

function ChatStreamQuery() {
  // Billable: the query stays disabled until the user asks.
  const [started, setStarted] = createSignal(false);
  const query = useChatCompletionStreamQuery(
    () => streamedQueryBody,
    () => ({ enabled: started() }),
  );
  return (
    <section aria-label="Chat, as a streamed query">
      <label>
        Prompt <input value={streamedQueryPrompt} readonly />
      </label>
      <button type="button" disabled={started()} onClick={() => setStarted(true)}>
        Start
      </button>
      <p data-status={query.status} data-fetch-status={query.fetchStatus} class="status">
        {query.status}, {query.fetchStatus}
      </p>
      <output aria-label="Answer">{textOfChunks(query.data)}</output>
      <Show when={query.error}>
        {(error) => (
          <p role="alert">
            {error().name}: {error().message}
          </p>
        )}
      </Show>
    </section>
  );
}

export function App() {
  return (
    <main>
      <InstanceTypes />
      <Transactions />
      <ResizeVolume />
      <ChatStream />
      <ChatStreamQuery />
    </main>
  );
}
