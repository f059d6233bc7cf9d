import { doublesFor, type IntegerField, integerFieldsOf } from '@inference-infra/test-kit/integerFields';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readSpecBundle } from '../scripts/specBundle.js';
import { describeZodIssues } from './formatZodError.js';
import { describeRequestIssues, requestValidators } from './requestValidation.js';
import { specModelOf } from './specModel/index.js';
import { requestSchemas } from './zod.gen.js';

const fields = integerFieldsOf(specModelOf(readSpecBundle().document));
const label = (field: IntegerField) => `${field.operationId} ${field.part} ${field.field}`;

type Parts = Record<string, Partial<Record<IntegerField['part'], unknown>>>;
type Describer = (field: IntegerField, value: unknown) => { field: string; rule: string }[];

const miniIssues: Describer = (field, value) => {
  const schema = (requestValidators as unknown as Parts)[field.operationId]?.[field.part] as
    | (typeof requestValidators)['resizeVolume']['body']
    | undefined;
  if (!schema) throw new Error(`no zod mini validator for ${label(field)}`);
  const result = schema.safeParse(value);
  return result.success ? [] : describeRequestIssues(result.error.issues, value);
};

const zod3Issues: Describer = (field, value) => {
  const schema = (requestSchemas as unknown as Parts)[field.operationId]?.[field.part] as
    | (typeof requestSchemas)['resizeVolume']['body']
    | undefined;
  if (!schema) throw new Error(`no zod 3 schema for ${label(field)}`);
  const result = schema.safeParse(value);
  return result.success ? [] : describeZodIssues(result.error, value);
};

describe('the integer fields and parameters of the spec', () => {
  it('are found by walking the spec, those of issue 34 among them', () => {
    expect(fields.map(label)).toEqual(
      expect.arrayContaining([
        'createEmbeddings body input.0.0',
        'createChatCompletion body seed',
        'listInstanceTypes query gpu_count',
        'listBillingTransactions query offset',
        'resizeVolume body size_gb',
      ]),
    );
  });
});

// JSON Schema's `integer` is a number with no fractional part, of any size: 1e-300 is none, 1.5e300 is one. zod's
// multipleOf(1) judged by the number's decimal text and passed 1e-300 and 1.175494351e-38 (issue 34).
describe.each([
  ['the zod mini request validators', miniIssues],
  ['the zod 3 request schemas', zod3Issues],
] as const)('%s', (_name, issuesOf) => {
  it.each(fields.map((field) => [label(field), field] as const))(
    'pass %s exactly when it is an integer within its bounds, and name it with its integer rule otherwise',
    (_label, field) => {
      fc.assert(
        fc.property(doublesFor(field), (value) => {
          const issues = issuesOf(field, field.partWith(value));
          if (field.allows(value)) {
            expect(issues).toEqual([]);
            return;
          }
          // NaN and ±Infinity (which JSON cannot carry) are no number to zod 4, so a union holding the field
          // (embeddings' input) refuses them as a whole, naming itself.
          if (!Number.isFinite(value)) {
            expect(issues).not.toEqual([]);
            return;
          }
          expect(issues.map((issue) => issue.field)).toContain(field.field);
          if (!Number.isInteger(value)) {
            const rules = issues.filter((issue) => issue.field === field.field).map((issue) => issue.rule);
            expect(rules.some((rule) => rule.startsWith('must be an integer'))).toBe(true);
          }
        }),
        { numRuns: 300 },
      );
    },
  );
});
