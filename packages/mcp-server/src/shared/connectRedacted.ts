import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { Redact } from './redaction.js';

/**
 * Connects the server with every message it sends redacted: results are redacted where they are made, and this
 * covers the rest (protocol errors that quote a request, notifications), so no path out carries the key.
 */
export async function connectRedacted(server: Server, transport: Transport, redact: Redact): Promise<void> {
  const send = transport.send.bind(transport);
  transport.send = (message, options) => send(redact(message), options);
  await server.connect(transport);
}
