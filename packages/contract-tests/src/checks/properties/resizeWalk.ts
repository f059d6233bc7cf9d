import type { ResizeVolumeResponse } from '@inference-infra/types';
import fc from 'fast-check';
import { type CheckContext, type ContractCheck, skipCheck, skipReasons } from '../../engine/check.js';
import { propertyCheck } from '../../engine/propertyCheck.js';
import { randomHex } from '../../engine/seededRandom.js';
import { fail, jsonOf, judgeAnswer } from '../../judgements/answers.js';
import { effectProblem } from '../../judgements/resizeEffect.js';
import type { ContractSpec, JsonObject, SpecOperation } from '../../model/spec.js';
import { effectFields } from '../../promises/coverageEntries.js';
import { assumptionEntry } from '../../promises/coverageIds.js';
import type { ContractRequest, ContractResponse } from '../../transport/http.js';
import { volumeIdOf } from '../shared/requests.js';

type Volume = ResizeVolumeResponse['data'];

/** One step of a walk: a call and the status the model of the volume says it must get. */
const steps = [
  'grow',
  'same',
  'smaller',
  'below minimum',
  'above maximum',
  'fraction',
  'unknown id',
  'no key',
] as const;
type Step = (typeof steps)[number];

/** Growths a walk may make at most: each costs a GB of the partner's volume, for good. */
const growthsPerWalk = 1;

/**
 * The value a link of the spec carries from an answer to the next call (`$response.body#/data/id`), read from the
 * answer; undefined when the spec declares no such link or the answer lacks the value.
 */
export function linkedValue(
  spec: ContractSpec,
  op: SpecOperation,
  status: string,
  parameter: string,
  response: ContractResponse,
): unknown {
  const paths = (spec.document.paths ?? {}) as Record<string, Record<string, JsonObject>>;
  const operation = Object.values(paths)
    .map((item) => item[op.method.toLowerCase()])
    .find((candidate) => candidate?.operationId === op.operationId);
  const links = ((operation?.responses as Record<string, JsonObject> | undefined)?.[status]?.links ??
    {}) as Record<string, { operationId?: string; parameters?: Record<string, string> }>;
  const expression = Object.values(links).find((link) => link.operationId === op.operationId)?.parameters?.[
    parameter
  ];
  const pointer = /^\$response\.body#(\/.*)$/.exec(expression ?? '')?.[1];
  if (pointer === undefined) return undefined;
  let value: unknown = response.json;
  for (const part of pointer.slice(1).split('/')) {
    const key = part.replace(/~1/g, '/').replace(/~0/g, '~');
    value = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
  }
  return value;
}

/**
 * Random walks of resizes on the partner's volume, each checked against a model of the volume after every step: a
 * growth by a GB must answer the volume at that size with only `updatedAt` moved (and the id the spec's link carries
 * to the next call), and every refusal (not larger, smaller, out of range, a fraction, another id, no key) its status
 * and change nothing, which the next step's status shows. Every walk ends with a probe at the size the model holds.
 * A walk grows the volume by one GB at most, three walks a run; a failure is not shrunk, since each step changes state.
 */
export function resizeWalkProperties(spec: ContractSpec): ContractCheck[] {
  const op = spec.operation('resizeVolume');
  const fields = effectFields(spec, op);
  if (!fields) return [];
  const bounds = spec.resolve('#/components/schemas/ResizeVolumeRequest/properties/size_gb').value;
  const minimum = typeof bounds.minimum === 'number' ? bounds.minimum : 10;
  const maximum = typeof bounds.maximum === 'number' ? bounds.maximum : 10_000;

  function requestFor(
    step: Step,
    id: string,
    missingId: string,
    size: number,
  ): { request: Omit<ContractRequest, 'op'>; status: number } {
    const at = { pathParams: { id } };
    switch (step) {
      case 'grow':
        return { request: { ...at, body: { size_gb: size + 1 } }, status: 200 };
      case 'same':
        return { request: { ...at, body: { size_gb: size } }, status: 409 };
      case 'smaller':
        return { request: { ...at, body: { size_gb: Math.max(minimum, size - 1) } }, status: 409 };
      case 'below minimum':
        return { request: { ...at, body: { size_gb: minimum - 1 } }, status: 400 };
      case 'above maximum':
        return { request: { ...at, body: { size_gb: maximum + 1 } }, status: 400 };
      case 'fraction':
        return { request: { ...at, body: { size_gb: size + 0.5 } }, status: 400 };
      // A valid size no volume can grow to (the smallest): only the id, or the missing key, is wrong, and a server
      // that fails open on either grows nothing.
      case 'unknown id':
        return { request: { pathParams: { id: missingId }, body: { size_gb: minimum } }, status: 404 };
      case 'no key':
        return { request: { ...at, body: { size_gb: minimum }, auth: { kind: 'none' } }, status: 401 };
    }
  }

  return [
    propertyCheck({
      name: 'keeps a model of the volume through random walks of resizes and refusals',
      operationId: op.operationId,
      tags: op.tags,
      mutates: true,
      requires: ['state', 'volume', 'volumeSize'],
      covers: [assumptionEntry('resize-failure-statuses'), assumptionEntry('resize-not-larger-409')],
      maxCases: 3,
      shrink: false,
      cases: (ctx) =>
        fc.record({
          walk: fc.array(fc.constantFrom(...steps), { minLength: 2, maxLength: 6 }),
          missing: fc.constant(`vol_contract_tests_missing_${randomHex(ctx.random, 8)}`),
        }),
      async check(ctx: CheckContext, { walk, missing }) {
        let id = volumeIdOf(ctx, op);
        let size = ctx.state.volumeSizeGb ?? skipCheck(skipReasons.volumeSize);
        let volume = ctx.state.volume as Volume | undefined;
        let since = performance.now();
        let growths = 0;
        const taken: string[] = [];
        for (const drawn of [...walk, 'same' as const]) {
          // Past its growths a walk probes instead: the volume must not grow on without bound.
          const step: Step =
            drawn === 'grow' && (growths >= growthsPerWalk || size + 1 > maximum) ? 'same' : drawn;
          taken.push(step);
          const { request, status } = requestFor(step, id, missing, size);
          const response = await ctx.http.send({ op, ...request });
          if (response.status !== status) {
            fail(
              response,
              `step ${taken.length} of the walk ${taken.join(' → ')} must answer ${status} by the model (the volume at ${size} GB), got ${response.status}`,
            );
          }
          judgeAnswer(ctx, response, status);
          if (step !== 'grow') continue;
          growths += 1;
          const after = jsonOf<ResizeVolumeResponse>(response).data;
          if (volume) {
            const problem = effectProblem(volume, after, size + 1, fields, performance.now() - since);
            if (problem) fail(response, `step ${taken.length} of the walk ${taken.join(' → ')}: ${problem}`);
          }
          const linked = linkedValue(ctx.spec, op, '200', 'id', response);
          if (linked !== undefined && linked !== id)
            fail(
              response,
              `the spec links data.id to the next resize, but it is ${JSON.stringify(linked)}, not ${id}`,
            );
          id = typeof linked === 'string' ? linked : id;
          size = after.sizeGb;
          volume = after;
          since = performance.now();
          ctx.state.volumeSizeGb = size;
          ctx.state.volume = after as CheckContext['state']['volume'];
        }
      },
    }),
  ];
}
