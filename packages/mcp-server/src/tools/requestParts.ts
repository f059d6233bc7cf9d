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

/**
 * Names no tool takes, even one whose body takes any field (a chat's): passed on, they reach the upstream's objects,
 * where `__proto__` or `constructor` is a prototype pollution waiting for a server that merges bodies naively.
 */
const reservedNames = new Set(['__proto__', 'constructor', 'prototype']);

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
  // Built from entries (own data properties, whatever the name): an argument named `__proto__` assigned with
  // `object[name] = value` would become the object's prototype, silently dropped from the request and read by
  // every lookup of a field it does not have.
  const path: [string, unknown][] = [];
  const query: [string, unknown][] = [];
  const restEntries: [string, unknown][] = [];
  for (const [name, value] of Object.entries(given)) {
    if (value === undefined) continue;
    if (tool.pathParameters.includes(name)) path.push([name, value]);
    else if (tool.queryParameters.includes(name)) query.push([name, value]);
    else restEntries.push([name, value]);
  }
  const parts: RequestParts = {
    path: Object.fromEntries(path),
    query: Object.fromEntries(query),
    body: undefined,
  };
  const rest: Record<string, unknown> = Object.fromEntries(restEntries);
  const unknown = Object.keys(given).filter(
    (name) =>
      reservedNames.has(name) ||
      (Object.hasOwn(rest, name) && tool.body !== 'flat' && !(tool.body === 'nested' && name === 'body')),
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
  if (tool.body === 'nested') parts.body = Object.hasOwn(rest, 'body') ? rest.body : undefined;
  const issues = validateRequest(tool.operation.operationId, parts);
  if (issues.length > 0)
    return { ok: false, issues: issues.map(({ field, message }) => ({ field, message })) };
  return { ok: true, parts };
}
