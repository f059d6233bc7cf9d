import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkCompat, formatReport } from '../compat/checkCompat.js';
import { diffSpecs, requiredBump } from '../compat/diffSpecs.js';
import { pendingBumps } from '../compat/pendingBumps.js';
import { type Json, loadBundle } from './loadBundle.js';

const current = loadBundle();
const released = JSON.parse(readFileSync(new URL('../released/openapi.json', import.meta.url), 'utf8'));
const copy = (): Json => structuredClone(current);

function onlyChange(mutate: (doc: Json) => void) {
  const after = copy();
  mutate(after);
  return diffSpecs(current, after);
}

describe('the compatibility gate', () => {
  it('passes the current spec against the last release with the pending changesets', () => {
    const report = checkCompat(
      released,
      current,
      pendingBumps(fileURLToPath(new URL('../../.changeset', import.meta.url))),
    );
    expect(report.underDeclared, formatReport(report)).toEqual([]);
  });

  it('sees no change between a spec and itself', () => {
    expect(diffSpecs(current, copy())).toEqual([]);
  });

  it.each([
    ['a removed operation', (d: Json) => delete d.paths['/embeddings']],
    ['a renamed operationId', (d: Json) => (d.paths['/embeddings'].post.operationId = 'embed')],
    ['a removed answer field', (d: Json) => delete d.components.schemas.PersistentVolume.properties.sizeGb],
    [
      'a renamed answer field',
      (d: Json) => {
        const props = d.components.schemas.BillingTransaction.properties;
        props.created_at = props.createdAt;
        delete props.createdAt;
      },
    ],
    [
      'a new required request field',
      (d: Json) => {
        const body = d.components.schemas.ImageGenerationRequest;
        body.properties.seed = { type: 'integer' };
        body.required.push('seed');
      },
    ],
    [
      'a narrowed bound',
      (d: Json) => (d.components.schemas.ResizeVolumeRequest.properties.size_gb.maximum = 5000),
    ],
    ['a raised minimum', (d: Json) => (d.components.parameters.Limit.schema.minimum = 5)],
    [
      'a narrowed enum',
      (d: Json) => (d.components.schemas.TransactionType.enum = ['credit', 'usage', 'refund']),
    ],
    [
      'an int32 format on an integer it newly bounds',
      (d: Json) => (d.components.parameters.Offset.schema.format = 'int32'),
    ],
    [
      'an int32 format on an answer integer it newly bounds',
      (d: Json) => (d.components.schemas.ImageGenerationResponse.properties.created.format = 'int32'),
    ],
    [
      'an answer field that may now be absent',
      (d: Json) => {
        d.components.schemas.InstanceType.required = d.components.schemas.InstanceType.required.filter(
          (f: string) => f !== 'region',
        );
      },
    ],
  ])('classifies %s as breaking', (_name, mutate) => {
    const changes = onlyChange(mutate);
    expect(requiredBump(changes), JSON.stringify(changes)).toBe('major');
  });

  it.each([
    [
      'a new operation',
      (d: Json) =>
        (d.paths['/models'] = {
          servers: d.paths['/embeddings'].servers,
          get: { operationId: 'listModels', responses: {} },
        }),
    ],
    [
      'a new optional request field',
      (d: Json) => (d.components.schemas.ImageGenerationRequest.properties.seed = { type: 'integer' }),
    ],
    [
      'a new answer field',
      (d: Json) => (d.components.schemas.PersistentVolume.properties.iops = { type: 'integer' }),
    ],
    [
      'a widened bound',
      (d: Json) => (d.components.schemas.ResizeVolumeRequest.properties.size_gb.maximum = 20000),
    ],
    [
      'a new enum value in a request',
      (d: Json) => d.components.schemas.TransactionType.enum.push('transfer'),
    ],
  ])('classifies %s as additive', (_name, mutate) => {
    const changes = onlyChange(mutate);
    expect(requiredBump(changes), JSON.stringify(changes)).toBe('minor');
  });

  it.each([
    ['int64 dropped from an integer', (d: Json) => delete d.components.parameters.Offset.schema.format],
    [
      'int32 to int64 within the bounds',
      (d: Json) => (d.components.parameters.Limit.schema.format = 'int64'),
    ],
  ])('classifies a format that accepts the same values (%s) as a patch', (_name, mutate) => {
    const changes = onlyChange(mutate);
    expect(changes.map((c) => c.what)).toEqual([expect.stringMatching(/^format /)]);
    expect(requiredBump(changes)).toBe('patch');
  });

  it('classifies a description change as a patch', () => {
    expect(requiredBump(onlyChange((d) => (d.components.schemas.InstanceType.description = 'changed')))).toBe(
      'patch',
    );
  });

  it('fails when pending changesets under-declare a breaking change, naming the packages and the fix', () => {
    const after = copy();
    after.components.schemas.ResizeVolumeRequest.properties.size_gb.maximum = 5000;
    const report = checkCompat(current, after, new Map([['@inference-infra/types', 'minor']]));
    expect(report.underDeclared.map((u) => u.pkg)).toEqual([
      '@inference-infra/types',
      '@inference-infra/fetch-client',
      '@inference-infra/query-core',
      '@inference-infra/react-hooks',
    ]);
    expect(formatReport(report)).toMatch(/size_gb: maximum 10000 → 5000/);
    expect(formatReport(report)).toMatch(/pnpm changeset/);
    const declared = checkCompat(
      current,
      after,
      new Map(report.underDeclared.map((u) => [u.pkg, 'major' as const])),
    );
    expect(declared.underDeclared).toEqual([]);
  });
});
