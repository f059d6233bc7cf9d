import {
  type IntegerField,
  integerFieldsOf,
  nonIntegerDoublesFor,
} from '@inference-infra/test-kit/integerFields';
import bundledSpec from '@inference-infra/types/openapi.json' with { type: 'json' };
import { type JsonObject, specModelOf } from '@inference-infra/types/spec-model';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { schemaErrors } from '../test/errorBodySchema.js';
import { simulate } from '../test/inProcess.js';

const model = specModelOf(bundledSpec as JsonObject);
const fields = integerFieldsOf(model);
const label = (field: IntegerField) => `${field.operationId} ${field.part} ${field.field}`;
const queryFields = fields.filter((field) => field.part === 'query');
const bodyFields = fields.filter((field) => field.part === 'body');

/** The operation's URL on the simulator, its path parameters filled with the spec's examples, and `query` after it. */
function urlOf(operationId: string, query: Record<string, string> = {}): string {
  const operation = model.operation(operationId);
  let path = operation.path;
  for (const parameter of operation.parameters.filter((p) => p.in === 'path'))
    path = path.replace(`{${parameter.name}}`, encodeURIComponent(String(parameter.example)));
  const search = new URLSearchParams(query).toString();
  return `${operation.server.default}${path}${search ? `?${search}` : ''}`;
}

const { call } = simulate();

/** Sends one request and checks it is the spec's 400 naming `field` with its integer rule. */
async function expectIntegerRefusal(request: { url: string; init?: RequestInit }, field: string) {
  const { status, body } = await call(request.url, request.init);
  expect(status).toBe(400);
  expect(schemaErrors('ErrorResponse', body)).toEqual([]);
  expect(body.error.param).toBe(field);
  expect(body.error.message).toMatch(new RegExp(`^${field.replaceAll('.', '\\.')}: must be an integer`));
}

// Literals that are no integer though `Number` makes one of them (a fraction past a double's precision, an exponent
// below its range), or that are no decimal literal at all.
const roundingLiterals = fc.oneof(
  fc
    .tuple(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 17, max: 40 }))
    .map(([whole, zeros]) => `${whole}.${'0'.repeat(zeros)}1`),
  fc.integer({ min: 324, max: 5000 }).map((exponent) => `1e-${exponent}`),
);
const notDecimalLiterals = [
  '+4',
  '0x10',
  '',
  ' 4',
  '4 ',
  '1_0',
  '４',
  '1e',
  '.5',
  'Infinity',
  'NaN',
  '1e400',
];

describe('the simulator, given a non-integer for an integer field', () => {
  it('has the integer fields of the spec to try, query parameters and body fields', () => {
    expect(queryFields.map(label)).toEqual(
      expect.arrayContaining(['listInstanceTypes query gpu_count', 'listBillingTransactions query offset']),
    );
    expect(bodyFields.map(label)).toEqual(
      expect.arrayContaining(['createEmbeddings body input.0.0', 'createChatCompletion body seed']),
    );
  });

  it.each(queryFields.map((field) => [label(field), field] as const))(
    'answers 400 naming %s for a fraction in the query, however small or however it is written',
    async (_label, field) => {
      const literal = fc.oneof(
        nonIntegerDoublesFor(field).map(String),
        roundingLiterals,
        fc.constantFrom(...notDecimalLiterals),
      );
      await fc.assert(
        fc.asyncProperty(literal, async (text) => {
          await expectIntegerRefusal({ url: urlOf(field.operationId, { [field.field]: text }) }, field.field);
        }),
        { numRuns: 200 },
      );
    },
  );

  it.each(bodyFields.map((field) => [label(field), field] as const))(
    'answers 400 naming %s for a non-integer number in the JSON body',
    async (_label, field) => {
      const { method } = model.operation(field.operationId);
      await fc.assert(
        fc.asyncProperty(nonIntegerDoublesFor(field), async (value) => {
          const init = { method, body: JSON.stringify(field.partWith(value)) };
          await expectIntegerRefusal({ url: urlOf(field.operationId), init }, field.field);
        }),
        { numRuns: 100 },
      );
    },
  );

  it('still reads an integer however the spec lets a number be written: 4, 4.0, 400e-2, 0.04e2', async () => {
    for (const text of ['4', '4.0', '400e-2', '0.04e2']) {
      const { status, body } = await call(urlOf('listBillingTransactions', { offset: text, limit: '1' }));
      expect(status, text).toBe(200);
      expect(body.data, text).toHaveLength(1);
    }
  });
});
