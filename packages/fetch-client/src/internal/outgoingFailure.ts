import {
  APIConnectionError,
  type APIError,
  apiErrorFor,
  type ErrorBody,
  type FailedOperation,
} from '../errors.js';
import { type KeyRedactor, redactKey, redactorOf } from './keyRedaction.js';

/**
 * A failure whose error quotes what came from outside (an error body, a header's name): made on the way out of the
 * pipeline, once the redactor has loaded, so that it is redacted rather than hidden whole.
 */
export class Unredacted {
  constructor(readonly make: () => unknown) {}
}

/**
 * A failure as it leaves the client, the redactor loaded: made now if it quotes the server or the caller, and a
 * connection error's words (which may quote the runtime's, a URL with the key in it) redacted, its stack too.
 */
export function outgoingFailure(thrown: unknown, apiKey: string | undefined): unknown {
  if (thrown instanceof Unredacted) return thrown.make();
  if (thrown instanceof APIConnectionError && apiKey) {
    thrown.message = redactKey(thrown.message, apiKey);
    if (thrown.stack) thrown.stack = redactKey(thrown.stack, apiKey);
  }
  return thrown;
}

/** The typed error of a failure status, with the key redacted from whatever the server echoed. */
export function redactedApiError(
  apiKey: string | undefined,
  status: number,
  body: ErrorBody | string | undefined,
  headers: Headers,
  operation: FailedOperation,
): APIError {
  const redactor = redactorOf(apiKey);
  if (!redactor) return apiErrorFor(status, body, headers, operation);
  return apiErrorFor(status, redactor.redactValue(body), redactedHeaders(headers, redactor), operation);
}

/** Headers with the key redacted from their values, copied only when one holds it (an echo shows in `inspect`). */
function redactedHeaders(headers: Headers, redactor: KeyRedactor): Headers {
  const values = [...headers];
  const redacted = redactor.redactValue(values);
  return JSON.stringify(redacted) === JSON.stringify(values) ? headers : new Headers(redacted);
}
