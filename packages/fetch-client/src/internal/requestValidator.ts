/** The parts of a request that are checked before it is sent. */
export interface RequestParts {
  body?: unknown;
  query?: unknown;
  path?: unknown;
}

/**
 * Checks a request against the spec before it leaves the process; throws `RequestValidationError` naming each
 * field and rule. The core entry has none (the server validates), the main entry plugs in the zod schemas.
 */
export type RequestValidator = (
  operationId: string,
  method: string,
  path: string,
  parts: RequestParts,
) => void;
