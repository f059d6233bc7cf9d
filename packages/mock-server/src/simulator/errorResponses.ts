import { errorStatusTypes, type SpecModel } from '@inference-infra/types/spec-model';
import type { SimulatorResponse } from './simulatorTypes.js';

/**
 * The error `type` of each failure status, read from the spec's own error examples (`401` gives
 * `authentication_error`), so the simulator answers exactly what the spec documents.
 */
export function errorTypesOf(model: SpecModel): Map<number, string> {
  return errorStatusTypes(model);
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
