import { validateRequest } from '@inference-infra/types/request-validation';
import type { OperationTool } from './operationTools.js';

/** The parts of one request, built from a tool's arguments. */
export interface RequestParts {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
}

/** One broken rule: the field and what it must be, as the request validators word it. */
export interface BrokenRule {
  field: string;
  message: string;
}

export type RequestPartsResult = { ok: true; parts: RequestParts } | { ok: false; issues: BrokenRule[] };

/**
 * Splits a tool's arguments into path, query and body, then checks them with the validators generated from the
 * spec (the fetch client's and the mock's own), so a refused value is never sent and the agent reads the rule.
 */
export function requestPartsOf(tool: OperationTool, args: unknown): RequestPartsResult {
  if (args !== undefined && (typeof args !== 'object' || args === null || Array.isArray(args))) {
    return { ok: false, issues: [{ field: 'arguments', message: 'arguments: must be an object' }] };
  }
  const given = (args ?? {}) as Record<string, unknown>;
  const parts: RequestParts = { path: {}, query: {}, body: undefined };
  const rest: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(given)) {
    if (value === undefined) continue;
    if (tool.pathParameters.includes(name)) parts.path[name] = value;
    else if (tool.queryParameters.includes(name)) parts.query[name] = value;
    else rest[name] = value;
  }
  const unknown = Object.keys(rest).filter(
    (name) => tool.body !== 'flat' && !(tool.body === 'nested' && name === 'body'),
  );
  if (unknown.length > 0) {
    const known = Object.keys(tool.tool.inputSchema.properties ?? {}).join(', ') || 'none';
    return {
      ok: false,
      issues: unknown.map((name) => ({
        field: name,
        message: `${name}: is not an argument of ${tool.tool.name} (its arguments: ${known})`,
      })),
    };
  }
  if (tool.body === 'flat') parts.body = rest;
  if (tool.body === 'nested') parts.body = rest.body;
  const issues = validateRequest(tool.operation.operationId, parts);
  if (issues.length > 0)
    return { ok: false, issues: issues.map(({ field, message }) => ({ field, message })) };
  return { ok: true, parts };
}
