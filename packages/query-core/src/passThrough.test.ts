import { describe, expect, it } from 'vitest';
import { passThrough } from './passThrough.js';
import { shouldRetryQuery } from './retryPolicy.js';

describe('passThrough', () => {
  it("drops options set to undefined, so the builder's stay in force", () => {
    const builder = { retry: shouldRetryQuery, staleTime: 0 };
    expect({ ...builder, ...passThrough({ retry: undefined, staleTime: 5 }) }).toEqual({
      retry: shouldRetryQuery,
      staleTime: 5,
    });
  });

  it('keeps every other value, false, 0 and null included', () => {
    expect(passThrough({ retry: false, staleTime: 0, meta: null, enabled: undefined })).toEqual({
      retry: false,
      staleTime: 0,
      meta: null,
    });
  });
});
