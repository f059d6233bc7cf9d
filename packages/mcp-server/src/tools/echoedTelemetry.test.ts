import { keyEchoes, keyLeaksIn } from '@inference-infra/test-kit/keyLeaks';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { expect, it } from 'vitest';
import { createMcpServer } from '../server/createMcpServer.js';
import { connectRedacted } from '../shared/redaction.js';
import { secretKey } from '../test/stdioProcess.js';

const swapCase = (text: string) =>
  [...text].map((char) => (char === char.toLowerCase() ? char.toUpperCase() : char.toLowerCase())).join('');

/** An upstream that writes `echo` into every header and every text an answer has: the request id, ids, models, reasons. */
function echoingFetch(echo: () => string): typeof fetch {
  return async (input) => {
    const url = new URL((input as Request).url);
    const text = echo();
    const headers = { 'x-request-id': text, 'x-ratelimit-remaining-requests': text, server: text };
    if (url.pathname.endsWith('/chat/completions'))
      return Response.json(
        {
          id: text,
          object: 'chat.completion',
          created: 1,
          model: text,
          choices: [{ index: 0, message: { role: 'assistant', content: 'ok' }, finish_reason: text }],
          usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
        },
        { headers },
      );
    return Response.json({ data: [], meta: { total: 0, hasMore: false } }, { headers });
  };
}

it("exports no form of the caller's key that the upstream echoes, from the tool spans or the API calls under them", async () => {
  const exporter = new InMemorySpanExporter();
  const tracerProvider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  const echoes = [...keyEchoes(secretKey), swapCase(secretKey)];
  let now = echoes[0] as string;
  const { server, redact } = createMcpServer({
    apiKey: secretKey,
    fetch: echoingFetch(() => now),
    baseUrl: 'http://127.0.0.1:9/v1',
    platformUrl: 'http://127.0.0.1:9',
    allowWrites: true,
    maxRetries: 0,
    telemetry: { tracerProvider },
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await connectRedacted(server, serverSide, redact);
  const client = new Client({ name: 'echo-telemetry', version: '1.0.0' });
  await client.connect(clientSide);
  for (const echo of echoes) {
    now = echo;
    await client.callTool({ name: 'list_instance_types', arguments: {} });
    await client.callTool({
      name: 'create_chat_completion',
      arguments: { model: 'llama-3.1-8b-instruct', messages: [{ role: 'user', content: 'hi' }] },
    });
  }
  await client.close();
  const spans = exporter.getFinishedSpans();
  // Each tool call a span with its API call under it: what the check below read is all there was.
  expect(spans).toHaveLength(echoes.length * 4);
  const exported = JSON.stringify(
    spans.map((span) => ({
      name: span.name,
      attributes: span.attributes,
      events: span.events,
      status: span.status,
    })),
  );
  expect(exported).toContain('http.response.header.x-request-id');
  expect(keyLeaksIn(secretKey, exported)).toEqual([]);
});
