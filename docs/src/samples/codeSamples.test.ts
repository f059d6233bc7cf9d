import { derivedSdkNames } from '@inference-infra/types/spec-model';
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
  // What the spec model gives an operation with no x-sdk: its names by the rule.
  sdk: derivedSdkNames({
    operationId: 'listSomethingNew',
    method: 'GET',
    tags: ['Things'],
    queryParameterNames: [],
    answerHasMeta: false,
    answerStreams: false,
    bodyHasStreamFlag: false,
  }),
};

describe('codeSamplesOf', () => {
  it('samples an operation the spec names no call for, with the names of the rule', () => {
    const samples = codeSamplesOf(listSomething);
    expect(samples.find((sample) => sample.kind === 'fetch-client')?.source).toContain(
      'client.things.listSomethingNew(',
    );
    expect(samples.find((sample) => sample.kind === 'react-hook')?.source).toContain('useSomethingNew(');
    expect(samples.find((sample) => sample.kind === 'svelte')?.source).toContain('createSomethingNewQuery(');
    expect(samples.find((sample) => sample.kind === 'angular')?.source).toContain('injectSomethingNewQuery(');
  });

  it('gives an operation of the platform no openai sample', () => {
    expect(clientCallOf(listSomething).openai).toBeUndefined();
    expect(codeSamplesOf(listSomething).map((sample) => sample.kind)).toEqual([
      'curl',
      'fetch-client',
      'react-hook',
      'vue',
      'svelte',
      'solid',
      'angular',
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
