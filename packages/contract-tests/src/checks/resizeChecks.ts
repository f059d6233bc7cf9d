import type { ResizeVolumeResponse } from '@inference-infra/types';
import type { CheckContext, ContractCheck } from '../engine/check.js';
import { randomHex } from '../engine/seededRandom.js';
import { fail, jsonOf } from '../judgements/answers.js';
import { createdToleranceSeconds } from '../judgements/inferenceAnswers.js';
import { instantOf } from '../judgements/sameValue.js';
import type { ContractSpec } from '../model/spec.js';
import { answerCovers } from '../promises/coverageEntries.js';
import { assumptionEntry, effectEntry, parameterEntry } from '../promises/coverageIds.js';
import { exampleBody, expectAnswer, volumeIdOf } from './shared/requests.js';
import { nextSize } from './shared/volumeSizes.js';

const operationId = 'resizeVolume';

export function resizeChecks(spec: ContractSpec): ContractCheck[] {
  const op = spec.operation(operationId);
  const base = { operationId, tags: op.tags, mutates: true };
  const sizeBounds = spec.resolve('#/components/schemas/ResizeVolumeRequest/properties/size_gb').value;
  const minimum = typeof sizeBounds.minimum === 'number' ? sizeBounds.minimum : 10;
  const maximum = typeof sizeBounds.maximum === 'number' ? sizeBounds.maximum : 10_000;

  const grow = async (ctx: CheckContext, size: number) => {
    const id = volumeIdOf(ctx, op);
    const sentAt = Date.now();
    const response = await expectAnswer(ctx, { op, pathParams: { id }, body: { size_gb: size } }, 200);
    const volume = jsonOf<ResizeVolumeResponse>(response).data;
    ctx.state.volumeSizeGb = volume.sizeGb;
    ctx.state.volume = volume;
    // The change happened after the request left: an updatedAt before that (less a drifting clock's allowance) is a
    // timestamp of something else (the last change but one, a cached record).
    const updatedAt = instantOf(volume.updatedAt);
    if (updatedAt !== undefined && updatedAt < sentAt - createdToleranceSeconds * 1000)
      fail(
        response,
        `updatedAt is ${volume.updatedAt}, ${Math.round((sentAt - updatedAt) / 1000)} s before the resize was sent: older than the change it records`,
      );
    return { response, volume, id };
  };

  return [
    {
      ...base,
      name: 'answers a valid resize with 200 and the volume',
      kind: 'response',
      requires: ['volume', 'volumeSize'],
      covers: [...answerCovers(spec, op, 200), assumptionEntry('all-listed-fields-required')],
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
      covers: [
        effectEntry(operationId, 'changes sizeGb'),
        parameterEntry(operationId, 'path', 'id', 'honoured'),
      ],
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
      name: `refuses a size that is not greater than the current one with 409 (${minimum}, the current size, one GB less)`,
      kind: 'semantic',
      requires: ['state', 'volume'],
      covers: [...answerCovers(spec, op, 409), assumptionEntry('resize-not-larger-409')],
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
      covers: [
        ...answerCovers(spec, op, 404),
        assumptionEntry('unknown-volume-404'),
        parameterEntry(operationId, 'path', 'id', 'honoured'),
      ],
      async run(ctx) {
        const id = `vol_contract_tests_missing_${randomHex(ctx.random, 8)}`;
        await expectAnswer(ctx, { op, pathParams: { id }, body: exampleBody(ctx, op) }, 404);
      },
    },
  ];
}
