/**
 * Why a door refuses a request, as data: each door writes it in its own protocol's error shape (the spec's error body
 * for the API's doors, a JSON-RPC error for the MCP server), so the rule is written once and the wording everywhere
 * the same. The message names the field and the rule; `option` names the setting that moves a bound.
 */
export interface Refusal {
  status: number;
  /** A stable, machine-readable reason (`invalid_path`, `body_too_large`, ...). */
  code: string;
  message: string;
  /** The field the rule is about: `path`, `Host`, `Origin`, `body`... */
  param: string | null;
  headers?: Record<string, string>;
}

export const isRefusal = (value: unknown): value is Refusal =>
  typeof value === 'object' && value !== null && 'status' in value && 'code' in value && 'message' in value;

export function refusal(
  status: number,
  code: string,
  message: string,
  param: string | null = null,
  headers?: Record<string, string>,
): Refusal {
  return headers ? { status, code, message, param, headers } : { status, code, message, param };
}
