import { errorBrand, hasErrorBrand } from './errorBrand.js';

/**
 * Whether `error` is an error of this client, from this copy of the package or another one. `instanceof` is false
 * for an error of another copy (two versions installed, or the ESM and CJS builds both loaded); libraries on top of
 * the client, such as the react-hooks, decide with this instead.
 */
export const isInferenceInfraError = hasErrorBrand as (error: unknown) => error is InferenceInfraError;

/** Which call failed: enough to find it in code and logs, never the key or the body that was sent. */
export interface FailedOperation {
  method: string;
  path: string;
  operationId: string | undefined;
}

/** The error body of the spec (`ErrorResponse`), as far as the server sent one. */
export interface ErrorBody {
  error?: {
    message?: string;
    type?: string;
    code?: string | null;
    param?: string | null;
    requestId?: string;
  };
}

/** Base class of every error this client throws, so one `instanceof` check catches them all. */
export class InferenceInfraError extends Error {
  override name = 'InferenceInfraError';
}

Object.defineProperty(InferenceInfraError.prototype, errorBrand, { value: true });

/** An option of the client or of a call is missing or breaks its rule; nothing was sent. */
export class ClientConfigError extends InferenceInfraError {
  override name = 'ClientConfigError';
}

/** The request broke a rule of the spec and was not sent. */
export class RequestValidationError extends InferenceInfraError {
  override name = 'RequestValidationError';
  constructor(
    readonly operation: FailedOperation,
    /** One entry per broken rule: the field (`size_gb`, `limit`) and what it must be. */
    readonly issues: ReadonlyArray<{ field: string; message: string }>,
  ) {
    super(
      `${operation.operationId ?? `${operation.method} ${operation.path}`}: ${issues.map((i) => i.message).join('; ')}`,
    );
  }
}

/** The server answered with a failure status. Subclasses name the status; `status` and `body` carry the detail. */
export class APIError extends InferenceInfraError {
  override name = 'APIError';
  constructor(
    readonly status: number,
    readonly body: ErrorBody | string | undefined,
    readonly requestId: string | null,
    readonly operation: FailedOperation,
    readonly headers: Headers,
  ) {
    super(APIError.describe(status, body, requestId, operation));
  }

  /** The `error.code` of the body, for branching without parsing messages. */
  get code(): string | null {
    return typeof this.body === 'object' ? (this.body?.error?.code ?? null) : null;
  }

  /** The request field at fault, when the server named one. */
  get param(): string | null {
    return typeof this.body === 'object' ? (this.body?.error?.param ?? null) : null;
  }

  private static describe(
    status: number,
    body: ErrorBody | string | undefined,
    requestId: string | null,
    operation: FailedOperation,
  ): string {
    const detail =
      typeof body === 'object' && body?.error?.message
        ? body.error.message
        : typeof body === 'string' && body.length > 0
          ? `non-JSON body: ${body.slice(0, 120).replace(/\s+/g, ' ')}`
          : 'no error body';
    const where = operation.operationId ?? `${operation.method} ${operation.path}`;
    return `${status} from ${where}: ${detail}${requestId ? ` (request ${requestId})` : ''}`;
  }

  toJSON() {
    return {
      name: this.name,
      message: this.message,
      status: this.status,
      code: this.code,
      param: this.param,
      requestId: this.requestId,
      operation: this.operation,
      body: this.body,
    };
  }
}

export class BadRequestError extends APIError {
  override name = 'BadRequestError';
}
export class AuthenticationError extends APIError {
  override name = 'AuthenticationError';
}
export class PermissionDeniedError extends APIError {
  override name = 'PermissionDeniedError';
}
export class NotFoundError extends APIError {
  override name = 'NotFoundError';
}
export class ConflictError extends APIError {
  override name = 'ConflictError';
}
export class UnprocessableEntityError extends APIError {
  override name = 'UnprocessableEntityError';
}
export class RateLimitError extends APIError {
  override name = 'RateLimitError';
  /** Seconds the server asked to wait (`Retry-After`), when it said. */
  get retryAfterSeconds(): number | null {
    const value = Number(this.headers.get('retry-after'));
    return Number.isFinite(value) && this.headers.has('retry-after') ? value : null;
  }
}
export class InternalServerError extends APIError {
  override name = 'InternalServerError';
}

const errorClassByStatus: Record<number, typeof APIError> = {
  400: BadRequestError,
  401: AuthenticationError,
  403: PermissionDeniedError,
  404: NotFoundError,
  409: ConflictError,
  422: UnprocessableEntityError,
  429: RateLimitError,
};

/** The status → class factory: every failure status maps to the most specific class there is. */
export function apiErrorFor(
  status: number,
  body: ErrorBody | string | undefined,
  headers: Headers,
  operation: FailedOperation,
): APIError {
  const requestId =
    headers.get('x-request-id') ?? (typeof body === 'object' ? (body?.error?.requestId ?? null) : null);
  const ErrorClass = errorClassByStatus[status] ?? (status >= 500 ? InternalServerError : APIError);
  return new ErrorClass(status, body, requestId, operation, headers);
}

/** No answer came: the connection failed, was reset, or the answer was cut off. */
export class APIConnectionError extends InferenceInfraError {
  override name = 'APIConnectionError';
  /**
   * Where the client tried to connect, `scheme://host:port` as `URL.origin` writes it (no port when it is the
   * scheme's own): never a path, a query or credentials. Undefined where no address is known.
   */
  declare readonly origin: string | undefined;
  constructor(
    message: string,
    readonly operation: FailedOperation | undefined,
    options?: { cause?: unknown; origin?: string | undefined },
  ) {
    super(message, options);
    this.origin = options?.origin;
  }
}

/** No complete answer came within the timeout. */
export class APIConnectionTimeoutError extends APIConnectionError {
  override name = 'APIConnectionTimeoutError';
}

/**
 * A stream fell silent between two chunks for longer than `streamIdleTimeoutMs`: its body was cancelled. Not retried:
 * the server took the request and may have acted on it (a chat is billed once it starts).
 */
export class StreamIdleTimeoutError extends APIConnectionTimeoutError {
  override name = 'StreamIdleTimeoutError';
  constructor(
    /** The bound that passed, in milliseconds. */
    readonly idleTimeoutMs: number,
    /** How many chunks arrived before the silence: what a caller shows of the answer is that much. */
    readonly chunks: number,
    operation: FailedOperation | undefined,
    options?: { origin?: string | undefined },
  ) {
    const origin = options?.origin;
    super(
      `The stream fell silent for over ${idleTimeoutMs} ms (streamIdleTimeoutMs) after ${chunks} ` +
        `chunk${chunks === 1 ? '' : 's'} and was ended${origin ? ` (from ${origin})` : ''}`,
      operation,
      options,
    );
  }
}

/** The caller aborted the request through its `AbortSignal` (or `stream.abort()`). */
export class APIUserAbortError extends InferenceInfraError {
  override name = 'APIUserAbortError';
  constructor(readonly operation: FailedOperation | undefined) {
    super(`Request aborted${operation ? `: ${operation.operationId ?? operation.path}` : ''}`);
  }
}
