import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { ErrorCode, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { InferenceInfraMcpServer } from '../server/createMcpServer.js';
import { defaultMaxMessageBytes } from '../shared/messageLimit.js';
import { connectRedacted } from '../shared/redaction.js';
import { lineLimit, requestIdIn } from './lineLimit.js';

/**
 * Serves over stdin/stdout. Bad input never ends the process: a line that is not JSON, or not JSON-RPC, is answered
 * with the JSON-RPC error for it (the SDK alone would drop it silently), and a line over the limit is answered too.
 */
export async function serveStdio(
  { server, redact }: InferenceInfraMcpServer,
  log: (line: string) => void,
  maxMessageBytes = defaultMaxMessageBytes,
): Promise<StdioServerTransport> {
  let transport: StdioServerTransport | undefined;
  const answerError = (id: string | number | null, code: number, message: string) => {
    log(`[warn] ${message}`);
    void transport
      ?.send({ jsonrpc: '2.0', id, error: { code, message } } as unknown as JSONRPCMessage)
      .catch(() => undefined);
  };
  const input = process.stdin.pipe(
    lineLimit(maxMessageBytes, (ends, bytes) =>
      answerError(
        requestIdIn(ends) ?? null,
        ErrorCode.InvalidRequest,
        `Message of ${bytes} bytes refused: the limit is ${maxMessageBytes} bytes (--max-message-bytes)`,
      ),
    ),
  );
  transport = new StdioServerTransport(input, process.stdout, { maxBufferSize: maxMessageBytes * 2 });
  server.onerror = (error) => {
    if (error instanceof SyntaxError)
      answerError(null, ErrorCode.ParseError, `Parse error: ${error.message}`);
    else if (error?.name === 'ZodError')
      answerError(null, ErrorCode.InvalidRequest, 'Invalid request: not a JSON-RPC 2.0 message');
    else log(`[error] ${error?.message ?? String(error)}`);
  };
  await connectRedacted(server, transport, redact);
  return transport;
}
