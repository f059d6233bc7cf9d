import type { SimulatorResponse } from './simulatorTypes.js';

type JsonObject = Record<string, unknown>;

/**
 * The error `type` of each failure status, read from the spec's own error examples (`401` gives
 * `authentication_error`), so the simulator answers exactly what the spec documents.
 */
export function errorTypesOf(document: JsonObject): Map<number, string> {
  const types = new Map<number, string>();
  const examples = (document.components as JsonObject | undefined)?.examples as JsonObject | undefined;
  const follow = (value: unknown): JsonObject | undefined => {
    const ref = (value as JsonObject | undefined)?.$ref;
    if (typeof ref !== 'string') return value as JsonObject | undefined;
    return examples?.[ref.split('/').pop() ?? ''] as JsonObject | undefined;
  };
  const responses = (document.components as JsonObject | undefined)?.responses as JsonObject | undefined;
  for (const path of Object.values((document.paths as JsonObject | undefined) ?? {})) {
    for (const operation of Object.values(path as JsonObject)) {
      for (const [status, rawResponse] of Object.entries(
        ((operation as JsonObject).responses as JsonObject) ?? {},
      )) {
        const ref = (rawResponse as JsonObject).$ref;
        const response = (typeof ref === 'string' ? responses?.[ref.split('/').pop() ?? ''] : rawResponse) as
          | JsonObject
          | undefined;
        const media = (response?.content as JsonObject | undefined)?.['application/json'] as
          | JsonObject
          | undefined;
        for (const example of Object.values((media?.examples as JsonObject | undefined) ?? {})) {
          const type = ((follow(example)?.value as JsonObject | undefined)?.error as JsonObject | undefined)
            ?.type;
          if (typeof type === 'string' && Number(status) >= 400) types.set(Number(status), type);
        }
      }
    }
  }
  return types;
}

export interface ErrorDetails {
  code: string;
  message: string;
  /** The request field at fault, or null. */
  param?: string | null;
  headers?: Record<string, string>;
}

export type ErrorResponder = (status: number, details: ErrorDetails, requestId: string) => SimulatorResponse;

/** Builds the spec's error body (`{ error: { message, type, code, param, requestId } }`) for any failure status. */
export function errorResponder(typesByStatus: Map<number, string>): ErrorResponder {
  return (status, { code, message, param = null, headers = {} }, requestId) => ({
    status,
    headers,
    json: {
      error: {
        message,
        type: typesByStatus.get(status) ?? (status >= 500 ? 'server_error' : 'invalid_request_error'),
        code,
        param,
        requestId,
      },
    },
  });
}
