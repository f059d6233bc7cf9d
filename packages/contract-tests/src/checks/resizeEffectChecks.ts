import type { ResizeVolumeResponse } from '@inference-infra/types';
import type { CheckContext, ContractCheck } from '../engine/check.js';
import { randomHex } from '../engine/seededRandom.js';
import { fail, jsonOf } from '../judgements/answers.js';
import { assertConforms } from '../judgements/conformance.js';
import { effectProblem } from '../judgements/resizeEffect.js';
import type { ContractSpec } from '../model/spec.js';
import { coverageEntries, effectFields } from '../promises/coverageEntries.js';
import { assumptionEntry, bodyEntry } from '../promises/coverageIds.js';
import type { ContractRequest, ContractResponse } from '../transport/http.js';
import { expectAnswer, volumeIdOf } from './shared/requests.js';
import { nextSize } from './shared/volumeSizes.js';

const operationId = 'resizeVolume';

type Volume = ResizeVolumeResponse['data'];

interface Refusal {
  /** `size_gb above its maximum (10001)`, for a failure message. */
  label: string;
  status: number;
  request: Omit<ContractRequest, 'op'>;
}

/**
 * Every way a resize can be refused, each aimed at a size the volume could really take (one GB more), so a server
 * that applies a refused one anyway has changed the volume: 400 for each rule of the body (a refusal above the maximum
 * asks for the maximum plus one, never the maximum itself), 401 without a key, 404 for another id, 409 at the size.
 */
function refusals(
  spec: ContractSpec,
  id: string,
  missingId: string,
  current: number,
  size: number,
): Refusal[] {
  const bounds = spec.resolve('#/components/schemas/ResizeVolumeRequest/properties/size_gb').value;
  const minimum = typeof bounds.minimum === 'number' ? bounds.minimum : 10;
  const maximum = typeof bounds.maximum === 'number' ? bounds.maximum : 10_000;
  const at = { pathParams: { id } };
  return [
    { label: 'a body without size_gb', status: 400, request: { ...at, body: {} } },
    {
      label: `size_gb as the string "${size}"`,
      status: 400,
      request: { ...at, body: { size_gb: String(size) } },
    },
    { label: `size_gb ${size + 0.5}`, status: 400, request: { ...at, body: { size_gb: size + 0.5 } } },
    {
      label: `size_gb ${minimum - 1}, below its minimum`,
      status: 400,
      request: { ...at, body: { size_gb: minimum - 1 } },
    },
    {
      label: `size_gb ${maximum + 1}, above its maximum`,
      status: 400,
      request: { ...at, body: { size_gb: maximum + 1 } },
    },
    {
      label: 'an unknown field beside size_gb',
      status: 400,
      request: { ...at, body: { size_gb: size, contract_tests_unknown_field: true } },
    },
    {
      label: 'no Authorization header',
      status: 401,
      request: { ...at, body: { size_gb: size }, auth: { kind: 'none' } },
    },
    {
      label: 'another volume id that does not exist',
      status: 404,
      request: { pathParams: { id: missingId }, body: { size_gb: size } },
    },
    {
      label: `size_gb ${current}, the current size`,
      status: 409,
      request: { ...at, body: { size_gb: current } },
    },
  ];
}

/**
 * A resize's effect (assumed by the spec: resize-failure-statuses, none of the refusals changes the volume): each kind
 * of refusal, then a probe at the current size that must still be "not larger" (409: nothing shrank it), then one
 * growth by a GB that must succeed (nothing grew it) and answer the volume as it was but for its size and a later
 * `updatedAt`. Costs one GB on a live volume.
 */
export function resizeEffectChecks(spec: ContractSpec): ContractCheck[] {
  const op = spec.operation(operationId);
  const fields = effectFields(spec, op);
  if (!fields) return [];
  const bounds = spec.resolve('#/components/schemas/ResizeVolumeRequest/properties/size_gb').value;
  const maximum = typeof bounds.maximum === 'number' ? bounds.maximum : 10_000;
  const effects = coverageEntries(spec)
    .filter((entry) => entry.kind === 'effect' && entry.operationId === operationId)
    .map((entry) => entry.id)
    .filter((id) => !id.includes(' may change '));
  const send = (ctx: CheckContext, id: string, size: number) =>
    ctx.http.send({ op, pathParams: { id }, body: { size_gb: size } });
  const grown = (ctx: CheckContext, response: ContractResponse, size: number, refusedFirst: string) => {
    if (response.status === 409)
      fail(
        response,
        `growing to ${size} GB is refused as not larger: a refused resize before it (${refusedFirst}) was applied`,
      );
    if (response.status !== 200) fail(response, `expected status 200, got ${response.status}`);
    assertConforms(ctx.validator, response);
    const volume = jsonOf<ResizeVolumeResponse>(response).data;
    ctx.state.volumeSizeGb = volume.sizeGb;
    ctx.state.volume = volume as CheckContext['state']['volume'];
    return volume;
  };
  const base = { operationId, tags: op.tags, kind: 'semantic' as const, mutates: true };
  return [
    {
      ...base,
      name: 'changes nothing when it refuses a resize, for every kind of refusal (400 per rule, 401, 404, 409), then grows with only size and updatedAt moved',
      requires: ['state', 'volume', 'volumeSize'],
      covers: [...effects, assumptionEntry('resize-failure-statuses'), assumptionEntry('resize-body-closed')],
      async run(ctx) {
        // Drawn first, so a run that stops early still draws what a whole one does: a seed replays the same choices.
        const missingId = `vol_contract_tests_missing_${randomHex(ctx.random, 8)}`;
        const id = volumeIdOf(ctx, op);
        let before = ctx.state.volume as Volume | undefined;
        let since = performance.now();
        if (before === undefined) {
          before = grown(ctx, await send(ctx, id, nextSize(ctx, maximum)), nextSize(ctx, maximum), 'none');
          since = performance.now();
        }
        const current = before.sizeGb;
        const size = nextSize(ctx, maximum);
        for (const refusal of refusals(spec, id, missingId, current, size)) {
          const refused = await ctx.http.send({ op, ...refusal.request });
          if (refused.status !== refusal.status)
            fail(refused, `${refusal.label} must be refused with ${refusal.status}, got ${refused.status}`);
          assertConforms(ctx.validator, refused);
          // Not larger than the size it had: had the refusal shrunk the volume, this would grow it back.
          const probe = await send(ctx, id, current);
          if (probe.status !== 409) {
            fail(
              probe,
              `after a refused resize (${refusal.label}), asking for the current size ${current} GB answered ${probe.status}, not 409: the refusal changed the volume`,
            );
          }
        }
        const growth = await send(ctx, id, size);
        const after = grown(ctx, growth, size, 'one of the refusals');
        const problem = effectProblem(before, after, size, fields, performance.now() - since);
        if (problem) fail(growth, problem);
      },
    },
    {
      ...base,
      name: `accepts size_gb ${maximum}, its inclusive maximum (grows the volume to it for good: --allow-bound-resizes)`,
      requires: ['state', 'volume', 'boundResizes'],
      covers: [bodyEntry(operationId, ['size_gb'], 'maximum')],
      async run(ctx) {
        const id = volumeIdOf(ctx, op);
        const response = await expectAnswer(ctx, { op, pathParams: { id }, body: { size_gb: maximum } }, 200);
        const volume = jsonOf<ResizeVolumeResponse>(response).data;
        ctx.state.volumeSizeGb = volume.sizeGb;
        if (volume.sizeGb !== maximum)
          fail(response, `answered sizeGb ${volume.sizeGb}, not the requested ${maximum}`);
      },
    },
  ];
}
