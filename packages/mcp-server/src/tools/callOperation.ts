import { StreamLimitError } from '@inference-infra/edge';
import type { InferenceInfraClient } from '@inference-infra/fetch-client';
import type { CallToolResult, ContentBlock } from '@modelcontextprotocol/sdk/types.js';
import { confirmWrite, type SendElicitation } from './confirmWrite.js';
import { extractImages } from './imageContent.js';
import type { OperationTool } from './operationTools.js';
import { renderAnswer } from './renderAnswer.js';
import { requestPartsOf } from './requestParts.js';
import { assembleStreamedChat, StreamedChatInterrupted } from './streamedChat.js';
import { apiErrorResult, errorResult, refusedResult, thrownResult, withNote } from './toolResults.js';

/** What one tool call may use besides its arguments. */
export interface CallContext {
  client: InferenceInfraClient;
  signal: AbortSignal;
  /** Present when the caller asked for progress (`_meta.progressToken`). */
  progress?: (progress: number, message: string) => Promise<void>;
  /** Present when the client can ask its user (elicitation). */
  elicit?: SendElicitation;
  /** How long a streamed chat may take to its end (`--stream-timeout-ms`); 10 minutes when absent. */
  streamTimeoutMs?: number;
  /** The longest silence between two chunks of a streamed chat (`--stream-idle-timeout-ms`); 60 s when absent. */
  streamIdleTimeoutMs?: number;
}

type LowLevelCall = (
  path: string,
  init: object,
) => Promise<{ data?: unknown; error?: unknown; response: Response }>;

/**
 * The bound an answer met, wherever it sits in the chain of causes: the fetch client and the event stream wrap what
 * a body's stream failed with in their own connection errors.
 */
export function answerLimitOf(error: unknown): StreamLimitError | undefined {
  for (let cause = error, depth = 0; cause && depth < 5; depth += 1) {
    if (cause instanceof StreamLimitError || (cause as Error).name === 'StreamLimitError')
      return cause as StreamLimitError;
    cause = (cause as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * One tool call: arguments checked with the spec's validators, a confirmation where the tool asks for one, the
 * request sent through the fetch client (its retries, timeouts and errors), the answer as structured content plus
 * a short text. Failures are results with `isError`, never thrown: a tool call always answers.
 */
export async function callOperation(
  tool: OperationTool,
  args: unknown,
  context: CallContext,
): Promise<CallToolResult> {
  const { operationId, method, path } = tool.operation;
  let checked = requestPartsOf(tool, args);
  if (!checked.ok) return refusedResult(tool.tool.name, checked.issues);

  if (tool.confirms && context.elicit) {
    const confirmation = await confirmWrite(tool, checked.parts, context.elicit);
    if (!confirmation.confirmed) return errorResult(`${tool.tool.name} not sent: ${confirmation.reason}.`);
    checked = requestPartsOf(tool, { ...(args as object), ...confirmation.changes });
    if (!checked.ok) return refusedResult(tool.tool.name, checked.issues);
  }

  const { parts } = checked;
  const body = parts.body as Record<string, unknown> | undefined;
  // A caller that listens for progress gets the chat as it arrives; the result is the same either way.
  const streamed = tool.streams && (body?.stream === true || context.progress !== undefined);
  const send = (context.client as unknown as Record<string, LowLevelCall>)[method] as LowLevelCall;
  try {
    const { data, error, response } = await send(path, {
      params: { path: parts.path, query: parts.query },
      ...(body === undefined ? {} : { body: streamed ? { ...body, stream: true } : body }),
      ...(streamed ? { parseAs: 'stream' } : {}),
      signal: context.signal,
    });
    const requestId = response.headers.get('x-request-id');
    if (!response.ok) return apiErrorResult(operationId, response.status, error, requestId);
    const answer =
      streamed && data
        ? await assembleStreamedChat(
            data as ReadableStream<Uint8Array>,
            context.signal,
            async (chunks) => context.progress?.(chunks, `${chunks} chunks received`),
            context.streamTimeoutMs,
            context.streamIdleTimeoutMs,
          )
        : data;
    const { answer: structured, images } = extractImages(answer);
    const text = renderAnswer(tool, structured, (args ?? {}) as Record<string, unknown>, requestId);
    const content: ContentBlock[] = [{ type: 'text', text }, ...images];
    return typeof structured === 'object' && structured !== null && !Array.isArray(structured)
      ? { content, structuredContent: structured as Record<string, unknown> }
      : { content };
  } catch (thrown) {
    // A stream that ended early says how far it got: the agent knows the answer it did not get was partial.
    const interrupted = thrown instanceof StreamedChatInterrupted ? thrown : undefined;
    const error = interrupted ? interrupted.cause : thrown;
    const received = interrupted
      ? ` after ${interrupted.chunks} chunk${interrupted.chunks === 1 ? '' : 's'} of the stream`
      : '';
    const limit = answerLimitOf(error);
    if (!limit) return withNote(thrownResult(operationId, error), received && `Ended${received}.`);
    // The request was sent: a state-changing call may have acted although its answer was cut.
    return errorResult(
      `${operationId}: the answer was cut at a bound of this server${received}, ${limit.message}; raise it to take longer answers.` +
        (tool.operation.stateChanging ? ' The request was sent, so the API may have acted.' : ''),
    );
  }
}
