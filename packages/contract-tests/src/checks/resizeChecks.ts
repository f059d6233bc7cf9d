import type { ResizeVolumeResponse } from '@inference-infra/types';
import type { ContractSpec } from '../model/spec.js';
import { randomHex } from '../run/seededRandom.js';
import type { CheckContext, ContractCheck } from './check.js';
import { assertConforms } from './conformance.js';
import { exampleBody, expectAnswer, fail, jsonOf, volumeIdOf } from './requests.js';

const operationId = 'resizeVolume';

/** The size the next growth asks for: one GB more than the volume has, so a live run costs as little as possible. */
function nextSize(ctx: CheckContext, maximum: number): number {
  const current = ctx.state.volumeSizeGb;
  if (current === undefined)
    throw new Error('the current size of the volume is not known: pass --volume-size');
  if (current + 1 > maximum)
    throw new Error(`the volume is already at the largest size (${maximum} GB): use another one`);
  return current + 1;
}

export function resizeChecks(spec: ContractSpec): ContractCheck[] {
  const op = spec.operation(operationId);
  const base = { operationId, tags: op.tags, mutates: true };
  const sizeBounds = spec.resolve('#/components/schemas/ResizeVolumeRequest/properties/size_gb').value;
  const minimum = typeof sizeBounds.minimum === 'number' ? sizeBounds.minimum : 10;
  const maximum = typeof sizeBounds.maximum === 'number' ? sizeBounds.maximum : 10_000;

  const grow = async (ctx: CheckContext, size: number) => {
    const id = volumeIdOf(ctx, op);
    const response = await expectAnswer(ctx, { op, pathParams: { id }, body: { size_gb: size } }, 200);
    const volume = jsonOf<ResizeVolumeResponse>(response).data;
    ctx.state.volumeSizeGb = volume.sizeGb;
    return { response, volume, id };
  };

  return [
    {
      ...base,
      name: 'answers a valid resize with 200 and the volume',
      kind: 'response',
      requires: ['volume', 'volumeSize'],
      async run(ctx) {
        if (ctx.target.kind === 'bundled-mock') {
          await expectAnswer(
            ctx,
            { op, pathParams: { id: volumeIdOf(ctx, op) }, body: exampleBody(ctx, op) },
            200,
          );
          return;
        }
        await grow(ctx, nextSize(ctx, maximum));
      },
    },
    {
      ...base,
      name: 'answers with the volume at the requested size',
      kind: 'semantic',
      requires: ['state', 'volume', 'volumeSize'],
      async run(ctx) {
        const size = nextSize(ctx, maximum);
        const { response, volume, id } = await grow(ctx, size);
        if (volume.id !== id) fail(response, `answered volume ${volume.id}, not the resized ${id}`);
        if (volume.sizeGb !== size)
          fail(response, `answered sizeGb ${volume.sizeGb}, not the requested ${size}`);
      },
    },
    {
      ...base,
      name: 'changes nothing when it refuses a resize (the refused size is still free to grow to afterwards)',
      kind: 'semantic',
      requires: ['state', 'volume', 'volumeSize'],
      async run(ctx) {
        const id = volumeIdOf(ctx, op);
        const size = nextSize(ctx, maximum);
        // Each is refused (assumed by the spec: resize-body-closed, validation-400); a server that applies one anyway
        // has grown the volume to `size`, and the growth below then answers 409.
        const refused = [
          { size_gb: size, contract_tests_unknown_field: true },
          { size_gb: String(size) },
          { size_gb: size + 0.5 },
        ];
        for (const body of refused) await expectAnswer(ctx, { op, pathParams: { id }, body }, 400);
        const response = await ctx.http.send({ op, pathParams: { id }, body: { size_gb: size } });
        if (response.status === 409) {
          fail(
            response,
            `growing to ${size} GB is refused as not larger: one of the refused resizes before it was applied`,
          );
        }
        if (response.status !== 200) fail(response, `expected status 200, got ${response.status}`);
        assertConforms(ctx.validator, response);
        const volume = jsonOf<ResizeVolumeResponse>(response).data;
        ctx.state.volumeSizeGb = volume.sizeGb;
        if (volume.sizeGb !== size)
          fail(response, `answered sizeGb ${volume.sizeGb}, not the requested ${size}`);
      },
    },
    {
      ...base,
      name: `refuses a size that is not greater than the current one with 409 (${minimum}, the current size, one GB less)`,
      kind: 'semantic',
      requires: ['state', 'volume'],
      async run(ctx) {
        const id = volumeIdOf(ctx, op);
        // The minimum is never greater than a volume's size, so it is refused whatever the size; the current size
        // and one GB less are tried when the run knows the size (from --volume-size and the growth checks).
        const current = ctx.state.volumeSizeGb;
        const sizes = [minimum, ...(current === undefined ? [] : [current, current - 1])].filter(
          (size, index, all) => size >= minimum && all.indexOf(size) === index,
        );
        for (const size of sizes) {
          await expectAnswer(ctx, { op, pathParams: { id }, body: { size_gb: size } }, 409);
        }
      },
    },
    {
      ...base,
      name: 'answers 404 for a volume that does not exist',
      kind: 'semantic',
      requires: ['state'],
      async run(ctx) {
        const id = `vol_contract_tests_missing_${randomHex(ctx.random, 8)}`;
        await expectAnswer(ctx, { op, pathParams: { id }, body: exampleBody(ctx, op) }, 404);
      },
    },
  ];
}
