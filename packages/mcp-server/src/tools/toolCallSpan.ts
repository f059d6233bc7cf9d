import { type ServerSpan, type ServerTelemetryOptions, startServerSpan } from '@inference-infra/edge/otel';

/**
 * The span of one tool call, by the MCP conventions (`tools/call <tool>`, `mcp.method.name`, `gen_ai.tool.name`),
 * continuing the trace an agent put in the request's `_meta` (`traceparent`, `tracestate`); undefined when nobody
 * listens.
 */
export function toolCallSpan(
  telemetry: ServerTelemetryOptions | false | undefined,
  name: string,
  meta: Record<string, unknown> | undefined,
  extra: { sessionId?: string | undefined; requestId: string | number },
): ServerSpan | undefined {
  const carrier = new Headers();
  for (const field of ['traceparent', 'tracestate']) {
    const value = meta?.[field];
    try {
      if (typeof value === 'string' && value.length <= 512) carrier.set(field, value);
    } catch {
      // Not a header value at all (a line break): no parent, a new trace.
    }
  }
  return startServerSpan(telemetry, '@inference-infra/mcp-server', `tools/call ${name}`, carrier, {
    'mcp.method.name': 'tools/call',
    'gen_ai.operation.name': 'execute_tool',
    'gen_ai.tool.name': name,
    'mcp.session.id': extra.sessionId,
    'jsonrpc.request.id': String(extra.requestId),
  });
}
