import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import {
  CallToolRequestParamsSchema,
  CallToolRequestSchema,
  type CallToolResult,
  ErrorCode,
  GetPromptRequestParamsSchema,
  GetPromptRequestSchema,
  type GetPromptResult,
  type JSONRPCRequest,
  type ServerNotification,
  type ServerRequest,
} from '@modelcontextprotocol/sdk/types.js';
import * as z from 'zod/v4';

/** `tools/call` with its `arguments` as sent: anything, checked by the tool's own rules. */
const ToolCallSchema = CallToolRequestSchema.extend({
  params: CallToolRequestParamsSchema.extend({ arguments: z.unknown().optional() }),
});

export type ToolCall = z.infer<typeof ToolCallSchema>;

/** `prompts/get` with its `arguments` as sent, for the same reason: the prompt's own check names a bad one. */
const PromptGetSchema = GetPromptRequestSchema.extend({
  params: GetPromptRequestParamsSchema.extend({ arguments: z.unknown().optional() }),
});

export type PromptGet = z.infer<typeof PromptGetSchema>;

type Extra = RequestHandlerExtra<ServerRequest, ServerNotification>;
type Unparsed = (request: JSONRPCRequest, extra: Extra) => Promise<CallToolResult | GetPromptResult>;

/** The handlers each server answers with its arguments unparsed, by method. */
const handlersOf = new WeakMap<Server, Map<string, Unparsed>>();

/**
 * Answers a method through the SDK's public `fallbackRequestHandler` (the handler of every method no handler was set
 * for), so the request reaches its handler as sent, checked by `schema` alone. `server.setRequestHandler` would do
 * otherwise: for `tools/call` the SDK's `Server` checks the request again with its own schema, whose `arguments` is a
 * zod record, which answers `null` or `{"constructor": 1}` with an error dumping zod's issues, and copies `__proto__`
 * into the new object's prototype (the argument vanishes, unnamed). Here a bad argument is refused like any other: by
 * the tool's or the prompt's own check, naming it. A method with no handler here is answered as the SDK answers it.
 */
function onUnparsed<Request>(
  server: Server,
  method: string,
  schema: z.ZodType<Request>,
  handler: (request: Request, extra: Extra) => Promise<CallToolResult | GetPromptResult>,
): void {
  let handlers = handlersOf.get(server);
  if (!handlers) {
    const own = new Map<string, Unparsed>();
    handlers = own;
    handlersOf.set(server, own);
    server.fallbackRequestHandler = async (request, extra) => {
      const answer = own.get(request.method);
      if (answer) return answer(request, extra);
      // The SDK's own words for a method nobody handles (JSON-RPC's -32601), as without a fallback.
      throw Object.assign(new Error('Method not found'), { code: ErrorCode.MethodNotFound });
    };
  }
  // A request that is not a `tools/call` or `prompts/get` at all (no name) throws zod's error: -32603, as before.
  handlers.set(method, (request, extra) => handler(schema.parse(request), extra));
}

/** Registers the `tools/call` handler with the arguments taken as they arrived (see `onUnparsed`). */
export function onToolCall(
  server: Server,
  handler: (request: ToolCall, extra: Extra) => Promise<CallToolResult>,
): void {
  onUnparsed(server, 'tools/call', ToolCallSchema, handler);
}

/** Registers the `prompts/get` handler with the arguments unparsed, as `onToolCall` does for tools. */
export function onPromptGet(server: Server, handler: (request: PromptGet) => Promise<GetPromptResult>): void {
  onUnparsed(server, 'prompts/get', PromptGetSchema, (request) => handler(request));
}
