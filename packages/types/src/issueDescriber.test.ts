import { describe, expect, it } from 'vitest';
import { describeIssues, type ValidationIssue } from './issueDescriber.js';

const messages = (issues: ValidationIssue[], parsed?: { value: unknown }) =>
  describeIssues(issues, parsed).map((description) => description.message);

describe('describeIssues (both validator sets word their refusals here)', () => {
  it('calls a field that fails as a whole and is absent "required", with or without the parsed value', () => {
    const missing: ValidationIssue = {
      code: 'invalid_type',
      path: ['size_gb'],
      message: 'must be an integer',
      received: 'undefined',
    };
    expect(messages([missing])).toEqual(['size_gb: is required']);
    expect(messages([{ ...missing, received: undefined }], { value: {} })).toEqual(['size_gb: is required']);
    const union: ValidationIssue = {
      code: 'invalid_union',
      path: ['input'],
      message: 'must be a string or an array',
      branches: [[{ ...missing, path: [] }], [{ ...missing, path: [] }]],
    };
    expect(messages([union])).toEqual(['input: is required']);
  });

  it("reports a union's branch that had the right type, under the union's path", () => {
    const union: ValidationIssue = {
      code: 'invalid_union',
      path: ['input'],
      message: 'must be a string or an array of strings',
      branches: [
        [{ code: 'invalid_type', path: [], message: 'must be a string' }],
        [{ code: 'too_small', path: [], message: 'must have at least 1 item' }],
      ],
    };
    expect(messages([union], { value: { input: [] } })).toEqual([
      'input: must have at least 1 item (got 0 items)',
    ]);
  });

  it('drops a rule broken by a value whose type is already wrong, and shows the type when the value is not given', () => {
    const issues: ValidationIssue[] = [
      { code: 'invalid_type', path: ['messages'], message: 'must be an array', received: 'string' },
      { code: 'too_small', path: ['messages'], message: 'must have at least 1 item' },
    ];
    expect(messages(issues)).toEqual(['messages: must be an array (got string)']);
    expect(messages(issues, { value: { messages: '' } })).toEqual(['messages: must be an array (got "")']);
  });

  it('gives each unknown field its own entry, and leaves out "an object" for an object\'s own rule', () => {
    expect(
      messages(
        [
          { code: 'unrecognized_keys', path: [], message: 'is not a known field', keys: ['a', 'b'] },
          { code: 'custom', path: ['meta'], message: 'must have at most 2 fields' },
        ],
        { value: { a: 1, b: 2, meta: { x: 1 } } },
      ),
    ).toEqual(['a: is not a known field', 'b: is not a known field', 'meta: must have at most 2 fields']);
  });
});
