import type { IncomingMessage, ServerResponse } from 'node:http';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { InferenceInfraMcpServer } from '../server/createMcpServer.js';
import { connectRedacted } from '../shared/redaction.js';

/**
 * One request of a stateless server (`--stateless`): a server and the SDK's stateless transport
 * (`sessionIdGenerator: undefined`) made for it and closed when its answer is, so nothing outlives the request and any
 * replica behind a load balancer answers any request. Elicitation needs a session (the user's answer is a request of
 * its own), so a stateless server asks for no confirmation: allow only the tools its users may call unconfirmed.
 */
export async function answerStateless(
  session: InferenceInfraMcpServer,
  request: IncomingMessage,
  response: ServerResponse,
  body: unknown,
  log: (line: string) => void,
): Promise<void> {
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  session.server.onerror = (error) => log(`[error] ${session.redact(error?.message ?? String(error))}`);
  response.once('close', () => {
    void transport.close().catch(() => undefined);
    void session.server.close().catch(() => undefined);
  });
  await connectRedacted(session.server, transport, session.redact);
  await transport.handleRequest(request, response, body);
}
