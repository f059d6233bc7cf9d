import { describe, expect, it } from 'vitest';
import type { ZodTypeAny } from 'zod';
import type { ZodMiniType } from 'zod/v4/mini';
import { resolveComponent } from '../scripts/jsonSchema.js';
import { jsonBodyOf, parameterObjectSchema } from '../scripts/operationParts.js';
import { readSpecBundle } from '../scripts/specBundle.js';
import { describeZodIssues } from './formatZodError.js';
import { describeRequestIssues, requestValidators, validateRequest } from './requestValidation.js';
import { specModelOf } from './specModel/index.js';
import { refusalCases } from './test/refusalCases.js';
import { specExamples } from './test/specExamples.js';
import { requestSchemas } from './zod.gen.js';

const { document } = readSpecBundle();
type Part = 'path' | 'query' | 'body';
type MiniSchema = ZodMiniType;

function miniSchema(operationId: string, part: Part): MiniSchema {
  const schema = (requestValidators as Record<string, Partial<Record<Part, MiniSchema>>>)[operationId]?.[
    part
  ];
  if (!schema) throw new Error(`no zod mini schema for ${operationId} ${part}`);
  return schema;
}

/** The refusal of one part on its own, the other parts of the request aside. */
function partIssues(operationId: string, part: Part, value: unknown) {
  const result = miniSchema(operationId, part).safeParse(value);
  return result.success ? [] : describeRequestIssues(result.error.issues, value);
}

describe('validateRequest (zod mini)', () => {
  it.each(refusalCases)(
    'refuses %s in the words of the zod 3 set',
    (_, operationId, part, value, message) => {
      const issues = partIssues(operationId, part, value);
      expect(issues.map((issue) => issue.message).join('; ')).toBe(message);
    },
  );

  it('refuses through validateRequest as through the schema of the part', () => {
    const issues = validateRequest('resizeVolume', { path: { id: 'vol_1' }, body: { size_gb: 9 } });
    expect(issues).toEqual([
      { field: 'size_gb', rule: 'must be at least 10', message: 'size_gb: must be at least 10 (got 9)' },
    ]);
  });

  const requestExamples = specExamples(document).filter((example) => 'request' in example.part);
  it.each(requestExamples.map((example) => [example.name, example] as const))(
    'accepts the example %s',
    (_, example) => {
      const part = (example.part as { request: Part }).request;
      expect(partIssues(example.operationId, part, example.value)).toEqual([]);
    },
  );

  it('has a validator for every request part of every operation, and no other', () => {
    const expected = specModelOf(document).operations.map((operation) => [
      operation.operationId,
      [
        ...(parameterObjectSchema(operation, 'path') ? ['path'] : []),
        ...(parameterObjectSchema(operation, 'query') ? ['query'] : []),
        ...(jsonBodyOf(operation) ? ['body'] : []),
      ],
    ]);
    const actual = Object.entries(requestValidators).map(([id, parts]) => [id, Object.keys(parts)]);
    expect(actual).toEqual(expected);
  });

  it('reads an absent query as an empty one, and names the part when the part itself is wrong', () => {
    expect(validateRequest('listBillingTransactions', {})).toEqual([]);
    expect(validateRequest('resizeVolume', { path: { id: 'vol_1' }, body: 42 })).toEqual([
      { field: 'body', rule: 'must be an object', message: 'body: must be an object' },
    ]);
    expect(validateRequest('resizeVolume', { path: { id: 'vol_1' } })).toEqual([
      { field: 'body', rule: 'is required', message: 'body: is required' },
    ]);
  });

  it('reports every broken rule of every part, each with its field', () => {
    const issues = validateRequest('resizeVolume', { path: {}, body: { size_gb: 9, size: 1 } });
    expect(issues.map((issue) => issue.field)).toEqual(['id', 'size_gb', 'size']);
  });

  it('checks nothing for an operation the spec does not have', () => {
    expect(validateRequest('noSuchOperation', { body: 1 })).toEqual([]);
  });

  it("fills the spec's defaults when used to parse", () => {
    expect(requestValidators.listBillingTransactions.query.parse({})).toEqual({ limit: 50, offset: 0 });
  });
});

/**
 * Differential check of the two generated sets: every property of every request part is given values from a palette
 * (each type, each side of each bound, the property left out) and both sets must agree, word for word. The zod 3 set
 * is the one held to the spec by the @anatine drift test, so agreement carries that proof over to the mini set.
 */
describe('the zod mini set and the zod 3 set', () => {
  const palette = (schema: Record<string, unknown>): unknown[] => {
    const bounds = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'minItems', 'maxItems']
      .map((key) => schema[key])
      .filter((value): value is number => typeof value === 'number');
    const nearBounds = bounds.flatMap((n) => [n - 1, n, n + 1, n + 0.5]);
    const lists = bounds.flatMap((n) => [
      Array.from({ length: Math.max(n - 1, 0) }, () => 'a'),
      // Bounds below zero (a penalty's -2) give no list shorter than nothing.
      Array(Math.max(n + 1, 0)).fill('a'),
    ]);
    return [
      undefined,
      null,
      true,
      'x',
      '',
      '16:9',
      'url',
      -1,
      0,
      0.5,
      7,
      [],
      ['a'],
      [1],
      [[1]],
      [{}],
      {},
      ...nearBounds,
      ...lists,
    ];
  };

  const cases = specModelOf(document).operations.flatMap((operation) => {
    const body = jsonBodyOf(operation);
    const parts: [Part, Record<string, unknown> | undefined][] = [
      ['path', parameterObjectSchema(operation, 'path')],
      ['query', parameterObjectSchema(operation, 'query')],
      ['body', body ? resolveComponent(body.schema, document) : undefined],
    ];
    const base = (part: Part) => {
      const example = specExamples(document).find(
        (candidate) =>
          candidate.operationId === operation.operationId &&
          'request' in candidate.part &&
          candidate.part.request === part,
      );
      return (example?.value ?? {}) as Record<string, unknown>;
    };
    return parts.flatMap(([part, schema]) =>
      Object.entries<Record<string, unknown>>((schema?.properties as never) ?? {}).flatMap(
        ([key, property]) =>
          palette(resolveComponent(property, document)).map((value) => {
            const request = { ...base(part), [key]: value };
            if (value === undefined) delete request[key];
            return [
              `${operation.operationId} ${part}.${key} = ${JSON.stringify(value)}`,
              operation.operationId,
              part,
              request,
            ] as const;
          }),
      ),
    );
  });

  it('has a few hundred cases to compare', () => {
    expect(cases.length).toBeGreaterThan(200);
  });

  it.each(cases)('agree on %s', (_, operationId, part, value) => {
    const zod3 = (requestSchemas as Record<string, Partial<Record<Part, ZodTypeAny>>>)[operationId]?.[part];
    const zod3Result = zod3?.safeParse(value);
    const miniResult = miniSchema(operationId, part).safeParse(value);
    expect(miniResult?.success).toBe(zod3Result?.success);
    const zod3Messages = zod3Result?.success ? [] : describeZodIssues(zod3Result?.error as never, value);
    const miniMessages = miniResult?.success
      ? []
      : describeRequestIssues(miniResult?.error.issues ?? [], value);
    expect(miniMessages.map((issue) => issue.message)).toEqual(zod3Messages.map((issue) => issue.message));
  });
});
