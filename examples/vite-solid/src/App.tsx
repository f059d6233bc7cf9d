import { useChatCompletionStream, useInstanceTypes } from '@inference-infra/query-core/solid';
import { For, Match, Switch } from 'solid-js';

export function App() {
  return (
    <main>
      <h1>H100 instance types</h1>
      <CheapestH100 />
      <AskAboutGpus />
    </main>
  );
}

function CheapestH100() {
  const types = useInstanceTypes(() => ({ gpu_type: 'H100' }));
  const cheapest = () => types.data?.data[0];
  return (
    <Switch>
      <Match when={types.error}>{(error) => <p role="alert">{error().message}</p>}</Match>
      <Match when={types.isPending}>
        <p>loading...</p>
      </Match>
      <Match when={!cheapest()}>
        <p>no H100 is offered</p>
      </Match>
      <Match when={cheapest()}>
        {(type) => (
          <>
            <p>
              cheapest H100: {type().id} at ${type().hourly_rate} an hour
            </p>
            <table>
              <tbody>
                <For each={types.data?.data}>
                  {(row) => (
                    <tr>
                      <td>{row.id}</td>
                      <td>{row.region}</td>
                      <td>{row.gpu_count} GPU</td>
                      <td>${row.hourly_rate}/h</td>
                    </tr>
                  )}
                </For>
              </tbody>
            </table>
          </>
        )}
      </Match>
    </Switch>
  );
}

/** A streamed chat through the route: `operations: ['createChatCompletion']` in vite.config.ts allows it. */
function AskAboutGpus() {
  const chat = useChatCompletionStream();
  const ask = () =>
    chat.start({
      model: 'llama-3.1-8b-instruct',
      messages: [{ role: 'user', content: 'Which GPU for fine-tuning?' }],
      max_tokens: 24,
    });
  return (
    <section>
      <button type="button" onClick={ask} disabled={chat.isStreaming()}>
        Ask which GPU
      </button>
      <Switch fallback={<p aria-busy={chat.isStreaming()}>{chat.content()}</p>}>
        <Match when={chat.error()}>{(error) => <p role="alert">{error().message}</p>}</Match>
      </Switch>
    </section>
  );
}
