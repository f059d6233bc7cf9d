// The page of the browser trace test: a keyless client traced with the real SDK in the page (bundled by the test),
// calling its own origin's route. The spans it ended are handed to the test through `window`.
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { createClient } from '../core.js';

const exporter = new InMemorySpanExporter();
const tracerProvider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
const client = createClient({
  apiKey: null,
  baseUrl: `${location.origin}/v1`,
  platformUrl: location.origin,
  telemetry: { tracerProvider },
});

(window as unknown as { tracedCalls: () => Promise<unknown> }).tracedCalls = async () => {
  await client.instances.listTypes({ gpu_type: 'H100' });
  const stream = await client.chat.completions.create({
    model: 'llama-3.1-8b-instruct',
    messages: [{ role: 'user', content: 'hello from the page' }],
    stream: true,
  });
  for await (const _ of stream) {
    // Read to its end: the span ends at the last chunk.
  }
  return exporter.getFinishedSpans().map((span) => ({
    name: span.name,
    traceId: span.spanContext().traceId,
    spanId: span.spanContext().spanId,
    attributes: span.attributes,
  }));
};
