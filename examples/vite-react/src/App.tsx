import { useChatCompletionStream, useInstanceTypes } from '@inference-infra/react-hooks';

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
  const { data, error, isPending } = useInstanceTypes({ gpu_type: 'H100' });
  if (error) return <p role="alert">{error.message}</p>;
  if (isPending) return <p>loading...</p>;
  const [cheapest] = data.data;
  if (!cheapest) return <p>no H100 is offered</p>;
  return (
    <>
      <p>
        cheapest H100: {cheapest.id} at ${cheapest.hourly_rate} an hour
      </p>
      <table>
        <tbody>
          {data.data.map((type) => (
            <tr key={type.id}>
              <td>{type.id}</td>
              <td>{type.region}</td>
              <td>{type.gpu_count} GPU</td>
              <td>${type.hourly_rate}/h</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
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
      <button type="button" onClick={ask} disabled={chat.isStreaming}>
        Ask which GPU
      </button>
      {chat.error ? (
        <p role="alert">{chat.error.message}</p>
      ) : (
        <p aria-busy={chat.isStreaming}>{chat.content}</p>
      )}
    </section>
  );
}
