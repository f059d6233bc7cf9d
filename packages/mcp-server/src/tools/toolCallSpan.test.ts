import { createSimulator } from '@inference-infra/mock-server';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { context, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createMcpServer } from '../server/createMcpServer.js';
import { connectRedacted } from '../shared/redaction.js';
import { secretKey } from '../test/stdioProcess.js';

// An operator's process that traces: an SDK registered with the API, its context manager too (a file of its own:
// the registration is global).
const exporter = new InMemorySpanExporter();
beforeAll(() => {
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  trace.setGlobalTracerProvider(
    new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }),
  );
});
afterAll(() => {
  trace.disable();
  context.disable();
});

async function agent() {
  const { server, redact } = createMcpServer({
    apiKey: secretKey,
    fetch: createSimulator().fetch,
    baseUrl: 'http://127.0.0.1:4010/v1',
    platformUrl: 'http://127.0.0.1:4011',
    allow: ['resize_volume'],
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await connectRedacted(server, serverSide, redact);
  const client = new Client({ name: 'traced-agent', version: '1.0.0' });
  await client.connect(clientSide);
  return client;
}

const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';

it("makes each tool call a span continuing the agent's _meta.traceparent, the parent of the API calls it makes", async () => {
  exporter.reset();
  const client = await agent();
  await client.callTool({
    name: 'list_instance_types',
    arguments: {},
    _meta: { traceparent: `00-${traceId}-00f067aa0ba902b7-01` },
  });
  await client.close();
  const spans = exporter.getFinishedSpans();
  const tool = spans.find((span) => span.name === 'tools/call list_instance_types');
  const call = spans.find((span) => span.name === 'GET /api/v1/instances/types');
  expect(tool?.kind).toBe(SpanKind.SERVER);
  expect(tool?.attributes).toMatchObject({
    'mcp.method.name': 'tools/call',
    'gen_ai.operation.name': 'execute_tool',
    'gen_ai.tool.name': 'list_instance_types',
  });
  expect(tool?.spanContext().traceId).toBe(traceId);
  expect(tool?.parentSpanContext?.spanId).toBe('00f067aa0ba902b7');
  expect(call?.parentSpanContext?.spanId).toBe(tool?.spanContext().spanId);
  expect(JSON.stringify(spans.map((span) => span.attributes))).not.toContain(secretKey.slice(8, 16));
});

it('a tool result that is an error marks its span as failed', async () => {
  exporter.reset();
  const client = await agent();
  const result = await client.callTool({
    name: 'resize_volume',
    arguments: { id: 'vol_training', size_gb: 50 },
  });
  await client.close();
  expect(result.isError).toBe(true);
  const tool = exporter.getFinishedSpans().find((span) => span.name === 'tools/call resize_volume');
  expect(tool?.attributes['error.type']).toBe('tool_error');
  expect(tool?.status.code).toBe(SpanStatusCode.ERROR);
});
