import { useChatCompletionStream } from '@inference-infra/react-hooks';
import { type FormEvent, useState } from 'react';
import { ErrorMessage } from './ErrorMessage';

const model = 'llama-3.1-8b-instruct';

export function ChatBox() {
  const [prompt, setPrompt] = useState('What is a persistent volume?');
  const [asked, setAsked] = useState<string | null>(null);
  const chat = useChatCompletionStream();

  function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setAsked(prompt);
    chat.start({ model, messages: [{ role: 'user', content: prompt }] });
  }

  const statusText = {
    idle: '',
    streaming: 'Streaming…',
    success: `Done (${chat.finishReason ?? 'no finish reason'})`,
    aborted: 'Stopped',
    error: 'Failed',
  }[chat.status];

  return (
    <section aria-labelledby="chat-heading">
      <h2 id="chat-heading">Chat, streamed</h2>
      <form onSubmit={send}>
        <label>
          Message
          <textarea value={prompt} rows={2} onChange={(event) => setPrompt(event.target.value)} />
        </label>
        <button type="submit" disabled={chat.isStreaming}>
          Send
        </button>
        <button type="button" onClick={chat.abort} disabled={!chat.isStreaming}>
          Stop
        </button>
      </form>
      {asked && <p className="question">{asked}</p>}
      {/* An <output> is a polite live region: screen readers follow the answer as it grows. */}
      <output className="answer" aria-label="Answer">
        {chat.content}
      </output>
      <p className="status" data-status={chat.status}>
        {statusText}
      </p>
      <ErrorMessage error={chat.error} />
    </section>
  );
}
