import { describe, expect, it } from 'vitest';
import {
  APIError,
  AuthenticationError,
  apiErrorFor,
  BadRequestError,
  ConflictError,
  InferenceInfraError,
  InternalServerError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  UnprocessableEntityError,
} from './errors.js';

const operation = { method: 'GET', path: '/api/v1/instances/types', operationId: 'listInstanceTypes' };

describe('apiErrorFor, the status → class factory', () => {
  it.each([
    [400, BadRequestError],
    [401, AuthenticationError],
    [403, PermissionDeniedError],
    [404, NotFoundError],
    [409, ConflictError],
    [422, UnprocessableEntityError],
    [429, RateLimitError],
    [500, InternalServerError],
    [502, InternalServerError],
    [503, InternalServerError],
    [504, InternalServerError],
    [599, InternalServerError],
  ] as const)('answers %i with %o', (status, ErrorClass) => {
    const error = apiErrorFor(status, undefined, new Headers(), operation);
    expect(error).toBeInstanceOf(ErrorClass);
    expect(error.name).toBe(ErrorClass.name);
    expect(error.status).toBe(status);
  });

  it.each([402, 405, 408, 410, 413, 418, 451])(
    'answers %i, which has no class of its own, with APIError',
    (status) => {
      const error = apiErrorFor(status, undefined, new Headers(), operation);
      expect(error.constructor).toBe(APIError);
      expect(error).toBeInstanceOf(InferenceInfraError);
    },
  );

  it('takes the request id from the header first, else from the body', () => {
    const body = { error: { message: 'no', requestId: 'req_body' } };
    expect(apiErrorFor(404, body, new Headers({ 'x-request-id': 'req_header' }), operation).requestId).toBe(
      'req_header',
    );
    expect(apiErrorFor(404, body, new Headers(), operation).requestId).toBe('req_body');
  });
});
