import { createRequire } from 'node:module';
import {
  APIConnectionError,
  APIUserAbortError,
  apiErrorFor,
  ClientConfigError,
  RequestValidationError,
} from '@inference-infra/fetch-client';
import { describe, expect, it } from 'vitest';
import { shouldRetryQuery } from './retryPolicy.js';

const operation = { method: 'GET', path: '/api/v1/instances/types', operationId: 'listInstanceTypes' };

describe('shouldRetryQuery', () => {
  it('never retries an error of the client: the client retried it already, or retrying cannot help', () => {
    const errors = [
      new RequestValidationError(operation, [{ field: 'limit', message: 'limit: must be <= 100' }]),
      apiErrorFor(400, undefined, new Headers(), operation),
      apiErrorFor(404, undefined, new Headers(), operation),
      apiErrorFor(429, undefined, new Headers(), operation),
      apiErrorFor(503, undefined, new Headers(), operation),
      new APIConnectionError('reset', operation),
      new APIUserAbortError(operation),
      new ClientConfigError('no platformUrl'),
    ];
    for (const error of errors) expect(shouldRetryQuery(0, error), error.name).toBe(false);
  });

  it('knows an error from another copy of the client, where instanceof cannot', () => {
    // The CommonJS build is a second copy of every class: what an app gets with two versions installed.
    const otherCopy = createRequire(import.meta.url)('@inference-infra/fetch-client') as {
      APIConnectionError: typeof APIConnectionError;
    };
    const error = new otherCopy.APIConnectionError('reset', operation);
    expect(error instanceof APIConnectionError).toBe(false);
    expect(shouldRetryQuery(0, error)).toBe(false);
  });

  it("keeps TanStack's default of three retries for errors from elsewhere", () => {
    const error = new TypeError('a bug in a query function');
    expect([0, 1, 2, 3].map((failureCount) => shouldRetryQuery(failureCount, error))).toEqual([
      true,
      true,
      true,
      false,
    ]);
  });
});
