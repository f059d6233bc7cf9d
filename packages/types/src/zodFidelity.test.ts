import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { readSpecBundle } from '../scripts/specBundle.js';
import { schemaDrift, type ZodSchemas } from './test/schemaDrift.js';
import { requestSchemas, responseSchemas, schemas } from './zod.gen.js';

const generated: ZodSchemas = { schemas, requestSchemas, responseSchemas };
const spec = () => structuredClone(readSpecBundle().document);

// Not a drift check (generatedFiles.test.ts is the one: committed files against the generator's output). This one
// checks the generator itself: it can drop or misread a keyword, so it compares, schema by schema, what
// @anatine/zod-openapi's generateSchema says of each zod schema with what the spec says.
describe('the zod schemas', () => {
  it('say what the spec says for every component schema, parameter set, request body and JSON answer', () => {
    const differences = schemaDrift(spec(), generated);
    const advice = `The zod schemas do not say what the spec says:\n${differences.join('\n')}\nThe generator dropped or misread a rule (scripts/zodSchemaWalk.ts); if the generated files are only stale, generatedFiles.test.ts says so.`;
    expect(differences, advice).toEqual([]);
  });

  // The seeded mismatches: each changes one fact in a copy of the spec; the comparison must report exactly it.
  it.each([
    {
      change: 'size_gb maximum 10000 → 9999',
      seed: (d: ReturnType<typeof spec>) => {
        d.components.schemas.ResizeVolumeRequest.properties.size_gb.maximum = 9999;
      },
      expected: 'components.schemas.ResizeVolumeRequest.properties.size_gb.maximum: spec 9999, zod 10000',
    },
    {
      change: 'limit maximum 100 → 99 (a query parameter)',
      seed: (d: ReturnType<typeof spec>) => {
        d.components.parameters.Limit.schema.maximum = 99;
      },
      expected: 'operations.listBillingTransactions.query.properties.limit.maximum: spec 99, zod 100',
    },
    {
      change: 'a transaction type dropped from the enum',
      seed: (d: ReturnType<typeof spec>) => {
        d.components.schemas.TransactionType.enum = ['credit', 'usage', 'refund'];
      },
      expected:
        'components.schemas.TransactionType.enum: spec ["credit","refund","usage"], zod ["adjustment","credit","refund","usage"]',
    },
    {
      change: 'updatedAt no longer required',
      seed: (d: ReturnType<typeof spec>) => {
        d.components.schemas.PersistentVolume.required =
          d.components.schemas.PersistentVolume.required.filter((name: string) => name !== 'updatedAt');
      },
      expected: expect.stringMatching(
        /^components\.schemas\.PersistentVolume\.required: spec \[.*\], zod \[.*"updatedAt"\]$/,
      ),
    },
    {
      change: 'gpu_count typed integer',
      seed: (d: ReturnType<typeof spec>) => {
        d.components.schemas.InstanceType.properties.gpu_count.type = 'integer';
      },
      expected: 'components.schemas.InstanceType.properties.gpu_count.type: spec ["integer"], zod ["number"]',
    },
    {
      change: 'createdAt format date',
      seed: (d: ReturnType<typeof spec>) => {
        d.components.schemas.BillingTransaction.properties.createdAt.format = 'date';
      },
      expected:
        'components.schemas.BillingTransaction.properties.createdAt.format: spec "date", zod "date-time"',
    },
    {
      change: 'aspect_ratio pattern',
      seed: (d: ReturnType<typeof spec>) => {
        d.components.schemas.ImageGenerationRequest.properties.aspect_ratio.pattern = '^[0-9]+:[0-9]+$';
      },
      expected:
        'components.schemas.ImageGenerationRequest.properties.aspect_ratio.pattern: spec "^[0-9]+:[0-9]+$", zod "^[1-9][0-9]*:[1-9][0-9]*$"',
    },
    {
      change: 'ImageResult maxProperties 1 → 2',
      seed: (d: ReturnType<typeof spec>) => {
        d.components.schemas.ImageResult.maxProperties = 2;
      },
      expected: 'components.schemas.ImageResult.maxProperties: spec 2, zod 1',
    },
  ])('reports exactly the change when the spec copy has $change', ({ seed, expected }) => {
    const document = spec();
    seed(document);
    expect(schemaDrift(document, generated)).toEqual([expected]);
  });

  it('reports a zod schema that lost a bound, against the real spec', () => {
    const doctored = z.object({ size_gb: z.number().int().min(10).max(9999) }).strict();
    const drifted = { ...generated, schemas: { ...schemas, ResizeVolumeRequest: doctored } };
    expect(schemaDrift(spec(), drifted)).toEqual([
      'components.schemas.ResizeVolumeRequest.properties.size_gb.maximum: spec 10000, zod 9999',
      'operations.resizeVolume.body: spec refers to ResizeVolumeRequest, zod has another schema',
    ]);
  });

  it('reports a component schema or an operation part that has no zod schema', () => {
    const { BillingTransaction: _dropped, ...rest } = schemas;
    const { resizeVolume, ...otherRequests } = requestSchemas;
    const drifted = {
      schemas: rest,
      requestSchemas: { ...otherRequests, resizeVolume: { body: resizeVolume.body } },
      responseSchemas,
    };
    expect(schemaDrift(spec(), drifted)).toEqual([
      'components.schemas: missing from zod: BillingTransaction',
      'components.schemas.BillingTransaction: no zod schema',
      'components.schemas.BillingTransactionList.properties.data.items: spec refers to BillingTransaction, zod has another schema',
      'operations.resizeVolume request parts: missing from zod: path',
      'operations.resizeVolume.path: no zod schema',
    ]);
  });
});
