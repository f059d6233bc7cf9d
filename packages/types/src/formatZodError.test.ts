import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { describeZodIssues, formatZodError } from './formatZodError.js';
import { requestSchemas } from './zod.gen.js';

const resize = requestSchemas.resizeVolume.body;

function errorOf(schema: z.ZodTypeAny, value: unknown): z.ZodError {
  const result = schema.safeParse(value);
  if (result.success) throw new Error('expected a failure');
  return result.error;
}

describe('formatZodError', () => {
  it('names the field, the rule and the value received', () => {
    expect(formatZodError(errorOf(resize, { size_gb: 20000 }), { size_gb: 20000 })).toBe(
      'size_gb: must be at most 10000 (got 20000)',
    );
  });

  it('shows only the wrong type when the parsed value is not given', () => {
    expect(formatZodError(errorOf(resize, { size_gb: 20000 }))).toBe('size_gb: must be at most 10000');
    expect(formatZodError(errorOf(resize, { size_gb: '500' }))).toBe(
      'size_gb: must be an integer from 10 to 10000 (got string)',
    );
    // zod 3 calls a non-integer a wrong type; it stays one rule among the number's others.
    expect(formatZodError(errorOf(resize, { size_gb: 5.5 }))).toBe(
      'size_gb: must be an integer from 10 to 10000 (got float); size_gb: must be at least 10',
    );
  });

  it('joins several issues with "; " and names nested fields with dots', () => {
    const body = { model: 'm', messages: [{ role: 'user', content: 'hi' }, { role: 'bot' }] };
    expect(formatZodError(errorOf(requestSchemas.createChatCompletion.body, body), body)).toBe(
      'messages.1.role: must be one of system, developer, user, assistant, tool (got "bot"); messages.1.content: is required',
    );
  });

  it('gives each unknown field of a closed object its own entry', () => {
    const body = { size: 1, sizeGb: 2 };
    expect(describeZodIssues(errorOf(resize, body), body)).toEqual([
      { field: 'size_gb', rule: 'is required', message: 'size_gb: is required' },
      {
        field: 'size',
        rule: 'is not a known field (known fields: size_gb)',
        message: 'size: is not a known field (known fields: size_gb)',
      },
      {
        field: 'sizeGb',
        rule: 'is not a known field (known fields: size_gb)',
        message: 'sizeGb: is not a known field (known fields: size_gb)',
      },
    ]);
  });

  it('calls the root "value" and shows an array by its length', () => {
    expect(formatZodError(errorOf(resize, []), [])).toBe('value: must be an object (got 0 items)');
  });
});
