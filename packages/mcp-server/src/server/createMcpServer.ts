import type { ServerTelemetryOptions } from '@inference-infra/edge/otel';
import { createClient, type LogLevel } from '@inference-infra/fetch-client';
import bundledSpec from '@inference-infra/types/openapi.json' with { type: 'json' };
import { type JsonObject, specModelOf } from '@inference-infra/types/spec-model';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  type CallToolResult,
  ElicitResultSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
} from '@modelcontextprotocol/sdk/types.js';
import { registerPrompts } from '../prompts/registerPrompts.js';
import { registerSpecResources } from '../resources/specResources.js';
import { boundedFetch, defaultMaxAnswerBytes } from '../shared/boundedFetch.js';
import { packageVersion } from '../shared/packageVersion.js';
import { cutText, type Redact, redactorOf } from '../shared/redaction.js';
import { onToolCall } from '../shared/unparsedRequests.js';
import { type CallContext, callOperation } from '../tools/callOperation.js';
import { type OperationTool, operationTools } from '../tools/operationTools.js';
import { toolCallSpan } from '../tools/toolCallSpan.js';
import { errorResult } from '../tools/toolResults.js';
import { stderrLogger } from './stderrLogger.js';

/** The longest text one content block carries: a whole chat reply fits; a runaway echo does not. */
const maxTextLength = 200_000;

export interface McpServerOptions {
  /**
   * The API key; never written anywhere (results, errors, logs). Without it the fetch client reads
   * `INFERENCE_INFRA_API_KEY`; `null` sends no key and reads none (a server that checks its options only).
   */
  apiKey?: string | null;
  /** Inference base address, `/v1` included. */
  baseUrl?: string;
  /** Platform base address, without `/api/v1`. */
  platformUrl?: string;
  /** The fetch the API calls go through (the simulator's in-process fetch for `--simulator`). */
  fetch?: typeof globalThis.fetch;
  /** Tools of state-changing or billable operations to list, by name. */
  allow?: readonly string[];
  /** List every tool, state-changing and billable ones included. */
  allowWrites?: boolean;
  /** The fetch client's retries (2 by default). */
  maxRetries?: number;
  /** The fetch client's timeout per attempt (a streamed chat's: until its headers are in). */
  timeoutMs?: number;
  /** The most bytes of one answer read (a JSON answer, an error body, a stream); 16 MiB by default. */
  maxAnswerBytes?: number;
  /** How long a streamed chat may take to its end; 10 minutes by default. */
  streamTimeoutMs?: number;
  /** The longest silence between two chunks of a streamed chat; 60 s by default, as the fetch client's. */
  streamIdleTimeoutMs?: number;
  /** The fetch client's log level; lines go to `writeLog` (stderr), never stdout. */
  logLevel?: LogLevel;
  writeLog?: (line: string) => void;
  /**
   * OpenTelemetry: each tool call a span (`tools/call <tool>`, continuing the trace in the request's
   * `_meta.traceparent`) whose API calls are its children. Default: the SDK the process registered, if any; a
   * `tracerProvider` of its own, or `false` for none.
   */
  telemetry?: ServerTelemetryOptions | false;
  /**
   * The bundled OpenAPI document whose operations become tools (default the toolkit's,
   * `@inference-infra/types/openapi.json`): one tool per operation, a new one included. A call is sent through the
   * fetch client, whose route table `pnpm generate` writes from the spec.
   */
  spec?: JsonObject;
}

/** Thrown for options that cannot work (an unknown tool in `allow`): the CLI prints it and exits 2. */
export class McpServerOptionError extends Error {
  override name = 'McpServerOptionError';
}

export interface InferenceInfraMcpServer {
  /** The MCP server: connect it to a transport (`connectRedacted` for every outgoing message redacted). */
  server: Server;
  /** Every tool of the spec, and the ones this server lists. */
  tools: OperationTool[];
  listed: OperationTool[];
  /** Redacts the key from any value. */
  redact: Redact;
  /**
   * Whether the API takes this server's key: `true` (it answered a read), `false` (401 or 403), or undefined (no
   * verdict: the API unreachable, or failing). One read of the instance types, which is free and changes nothing.
   */
  keyAccepted(): Promise<boolean | undefined>;
}

/** Redacted, then cut: the other way round, a key cut in half would no longer match. */
function finished(result: CallToolResult, redact: Redact): CallToolResult {
  const clean = redact(result);
  return {
    ...clean,
    content: clean.content.map((block) =>
      block.type === 'text' ? { ...block, text: cutText(block.text, maxTextLength) } : block,
    ),
  };
}

/** The MCP server of the API: one tool per operation of the bundled spec, the state-changing ones only if allowed. */
export function createMcpServer(options: McpServerOptions = {}): InferenceInfraMcpServer {
  const model = specModelOf(options.spec ?? (bundledSpec as JsonObject));
  const tools = operationTools(model);
  const names = new Set(tools.map(({ tool }) => tool.name));
  for (const name of options.allow ?? []) {
    if (!names.has(name)) {
      throw new McpServerOptionError(`--allow ${name}: no such tool (tools: ${[...names].join(', ')})`);
    }
  }
  const listed = tools.filter(
    ({ operation, tool }) =>
      !operation.stateChanging || options.allowWrites || options.allow?.includes(tool.name),
  );
  const redact = redactorOf(options.apiKey ?? undefined);
  const client = createClient({
    apiKey: options.apiKey,
    ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}),
    ...(options.platformUrl ? { platformUrl: options.platformUrl } : {}),
    // Read at each call, so a fetch installed later (a test's, a polyfill) is the one used, as without this wrapper.
    fetch: boundedFetch(
      () => options.fetch ?? globalThis.fetch,
      options.maxAnswerBytes ?? defaultMaxAnswerBytes,
      '--max-answer-bytes',
    ),
    ...(options.maxRetries === undefined ? {} : { maxRetries: options.maxRetries }),
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    logLevel: options.logLevel ?? 'off',
    logger: stderrLogger(redact, options.writeLog),
    ...(options.telemetry === undefined ? {} : { telemetry: options.telemetry }),
  });

  const server = new Server(
    { name: 'inference-infra', title: 'Inference and Infrastructure API', version: packageVersion },
    {
      capabilities: { tools: { listChanged: false } },
      instructions:
        'Tools of the Inference and Infrastructure API: GPU instance types, billing transactions, volumes, chat, ' +
        'images and embeddings. Arguments are checked against the API spec before anything is sent; a refused ' +
        'call names the field and the rule. Tools that change state or cost money are listed only when the ' +
        'operator allowed them.',
    },
  );

  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: listed.map(({ tool }) => tool) }));
  registerSpecResources(server);
  registerPrompts(
    server,
    model,
    listed.map(({ tool }) => tool.name),
  );

  onToolCall(server, async (request, extra) => {
    const name = request.params.name;
    const tool = listed.find((candidate) => candidate.tool.name === name);
    if (!tool) {
      const hidden = tools.some((candidate) => candidate.tool.name === name);
      // A protocol error, as MCP asks for an unknown tool; the name is cut (after redaction) so a huge one stays small.
      throw new McpError(
        ErrorCode.InvalidParams,
        hidden
          ? `Tool ${name} changes state or is billable, and this server was started without --allow ${name} (or --allow-writes)`
          : `Unknown tool: ${cutText(redact(name), 200)} (tools: ${listed.map(({ tool: t }) => t.name).join(', ')})`,
      );
    }
    const progressToken = request.params._meta?.progressToken;
    const elicitation = server.getClientCapabilities()?.elicitation;
    const context: CallContext = {
      client,
      signal: extra.signal,
      ...(options.streamTimeoutMs === undefined ? {} : { streamTimeoutMs: options.streamTimeoutMs }),
      ...(options.streamIdleTimeoutMs === undefined
        ? {}
        : { streamIdleTimeoutMs: options.streamIdleTimeoutMs }),
      ...(progressToken === undefined
        ? {}
        : {
            progress: (progress, message) =>
              extra.sendNotification({
                method: 'notifications/progress',
                params: { progressToken, progress, message },
              }),
          }),
      ...(elicitation ? { elicit: (elicit) => extra.sendRequest(elicit, ElicitResultSchema) } : {}),
    };
    const span = toolCallSpan(options.telemetry, name, request.params._meta, extra);
    try {
      const run = () => callOperation(tool, request.params.arguments, context);
      const result = finished(await (span ? span.active(run) : run()), redact);
      span?.end(undefined, result.isError ? 'tool_error' : undefined);
      return result;
    } catch (error) {
      span?.end(undefined, (error as Error)?.name || 'Error');
      // Not a failure of the API (those are results already): a bug here, or the client gone mid-confirmation.
      return finished(errorResult(`${name} failed: ${(error as Error)?.message ?? String(error)}`), redact);
    }
  });

  const keyAccepted = async () => {
    try {
      const read = (
        client as unknown as Record<string, (path: string, init: object) => Promise<{ response: Response }>>
      ).GET as (path: string, init: object) => Promise<{ response: Response }>;
      const { response } = await read('/api/v1/instances/types', { params: { query: {} } });
      if (response.status === 401 || response.status === 403) return false;
      return response.ok ? true : undefined;
    } catch {
      return undefined;
    }
  };

  return { server, tools, listed, redact, keyAccepted };
}
