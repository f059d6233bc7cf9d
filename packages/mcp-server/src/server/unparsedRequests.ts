import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { Protocol, type RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import {
  CallToolRequestParamsSchema,
  CallToolRequestSchema,
  type CallToolResult,
  GetPromptRequestParamsSchema,
  GetPromptRequestSchema,
  type GetPromptResult,
  type ServerNotification,
  type ServerRequest,
} from '@modelcontextprotocol/sdk/types.js';
import * as z from 'zod/v4';

/** `tools/call` with its `arguments` as sent: anything, checked by the tool's own rules. */
const ToolCallSchema = CallToolRequestSchema.extend({
  params: CallToolRequestParamsSchema.extend({ arguments: z.unknown().optional() }),
});

export type ToolCall = z.infer<typeof ToolCallSchema>;

/**
 * Registers the `tools/call` handler with the arguments taken as they arrived. The SDK's `Server` reads them as a zod
 * record first, which answers `{"constructor": 1}` or `null` with a -32603 that dumps zod's issues, and copies
 * `__proto__` into the new object's prototype (the argument vanishes, unnamed). Registered on `Protocol` itself, the
 * handler sees the arguments unparsed, and a bad one is refused like any other: a result naming it.
 */
export function onToolCall(
  server: Server,
  handler: (
    request: ToolCall,
    extra: RequestHandlerExtra<ServerRequest, ServerNotification>,
  ) => Promise<CallToolResult>,
): void {
  Protocol.prototype.setRequestHandler.call(server, ToolCallSchema, handler);
}

/** `prompts/get` with its `arguments` as sent, for the same reason: the prompt's own check names a bad one. */
const PromptGetSchema = GetPromptRequestSchema.extend({
  params: GetPromptRequestParamsSchema.extend({ arguments: z.unknown().optional() }),
});

export type PromptGet = z.infer<typeof PromptGetSchema>;

/**
 * Registers the `prompts/get` handler with the arguments unparsed, as `onToolCall` does for tools: the SDK's record
 * would answer `constructor` or `1` as an argument name with a -32603 dumping zod's issues.
 */
export function onPromptGet(server: Server, handler: (request: PromptGet) => Promise<GetPromptResult>): void {
  Protocol.prototype.setRequestHandler.call(server, PromptGetSchema, handler);
}
