import { APIError, isInferenceInfraError } from '@inference-infra/fetch-client';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { BrokenRule } from './requestParts.js';

/** A failure as the tool's result: the model reads it and can correct its call; the protocol call succeeded. */
export function errorResult(text: string): CallToolResult {
  return { isError: true, content: [{ type: 'text', text }] };
}

/** The result with one more line of text (none when `note` is empty). */
export function withNote(result: CallToolResult, note: string): CallToolResult {
  if (!note) return result;
  return { ...result, content: [...result.content, { type: 'text', text: note }] };
}

/** Arguments that break a rule of the spec: nothing was sent, so nothing was spent. */
export function refusedResult(toolName: string, issues: BrokenRule[]): CallToolResult {
  return errorResult(
    [
      `Not sent: the arguments of ${toolName} break the spec's rules (nothing was sent, nothing was spent).`,
      ...issues.map((issue) => `- ${issue.message}`),
    ].join('\n'),
  );
}

interface ErrorBody {
  error?: { message?: unknown; type?: unknown; code?: unknown; param?: unknown; requestId?: unknown };
}

/**
 * A failure status as the API described it: its message, type, code, the field at fault, and the request id to
 * quote to support. The body is the spec's error body, or text from something in between (a proxy's HTML page).
 */
export function apiErrorResult(
  operationId: string,
  status: number,
  body: unknown,
  requestId: string | null,
): CallToolResult {
  const error = typeof body === 'object' && body !== null ? (body as ErrorBody).error : undefined;
  const message = typeof error?.message === 'string' ? error.message : typeof body === 'string' ? body : '';
  const details = [
    typeof error?.type === 'string' ? error.type : undefined,
    typeof error?.code === 'string' ? `code ${error.code}` : undefined,
    typeof error?.param === 'string' ? `param ${error.param}` : undefined,
  ].filter(Boolean);
  const id = requestId ?? (typeof error?.requestId === 'string' ? error.requestId : null);
  return errorResult(
    [
      `${operationId} failed with ${status}${details.length > 0 ? ` (${details.join(', ')})` : ''}: ${message || '(no message)'}`,
      ...(id ? [`Request id: ${id}`] : []),
    ].join('\n'),
  );
}

/** Whatever a call threw, as a result: the client's typed errors by what they say, anything else by its message. */
export function thrownResult(operationId: string, error: unknown): CallToolResult {
  if (error instanceof APIError)
    return apiErrorResult(operationId, error.status, error.body, error.requestId);
  if (isInferenceInfraError(error)) return errorResult(`${operationId} failed: ${(error as Error).message}`);
  return errorResult(`${operationId} failed: ${error instanceof Error ? error.message : String(error)}`);
}
