import { describe, expect, it } from 'vitest';
import { clientCallOf } from './clientCalls.js';
import { codeSamplesOf } from './codeSamples.js';
import { tsLiteral } from './tsLiteral.js';

const listSomething = {
  operationId: 'listSomethingNew',
  method: 'GET',
  path: '/api/v1/things',
  summary: 'List things',
  tag: 'Things',
  serverVariable: 'platform_url',
  serverDefault: 'http://127.0.0.1:4011',
  requests: [{ name: 'default', pathParams: {}, query: {}, streamed: false }],
};

describe('codeSamplesOf', () => {
  it('refuses an operation no client call is known for, naming the file to add it to', () => {
    expect(() => codeSamplesOf(listSomething)).toThrow(
      /listSomethingNew.*docs\/src\/samples\/clientCalls\.js/,
    );
  });

  it('gives an operation of the platform no openai sample', () => {
    const operation = { ...listSomething, operationId: 'listInstanceTypes' };
    expect(clientCallOf('listInstanceTypes').openai).toBeUndefined();
    expect(codeSamplesOf(operation).map((sample) => sample.kind)).toEqual([
      'curl',
      'fetch-client',
      'react-hook',
    ]);
  });
});

describe('tsLiteral', () => {
  it('writes strings in single quotes, escaping quotes and backslashes, and quotes keys that are not names', () => {
    expect(tsLiteral({ a: "it's \\ ok", 'x-y': [1, true, null] })).toBe(
      `{ a: 'it\\'s \\\\ ok', 'x-y': [1, true, null] }`,
    );
  });
});
