import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One span as an OTLP/HTTP JSON body carries it, with the name of the scope that made it. */
export interface ExportedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  scope: string;
  attributes?: Array<{ key: string; value: Record<string, unknown> }>;
}

export interface OtlpReceiver {
  server: Server;
  /** Every body received, whole, as text: what a collector gets. */
  bodies: string[];
  spans(): ExportedSpan[];
  /** `http://127.0.0.1:<port>/v1/traces`: the exporter's `url`. */
  url: string;
  close(): Promise<void>;
}

/** An OTLP/HTTP receiver on loopback (a free port): what a collector gets, every byte of it kept. */
export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const bodies: string[] = [];
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    bodies.push(Buffer.concat(chunks).toString('utf8'));
    response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const spans = (): ExportedSpan[] =>
    bodies.flatMap((body) =>
      (JSON.parse(body).resourceSpans ?? []).flatMap(
        (resource: { scopeSpans: { scope: { name: string }; spans: ExportedSpan[] }[] }) =>
          resource.scopeSpans.flatMap((scope) =>
            scope.spans.map((span) => ({ ...span, scope: scope.scope.name })),
          ),
      ),
    );
  return {
    server,
    bodies,
    spans,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/traces`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
    },
  };
}
