import type { ResizeVolumeResponse } from '@inference-infra/types';
import fc from 'fast-check';
import { type CheckContext, type ContractCheck, skipCheck, skipReasons } from '../../engine/check.js';
import { propertyCheck } from '../../engine/propertyCheck.js';
import { fail, jsonOf, judgeAnswer } from '../../judgements/answers.js';
import { orderProblem, sortedPropertiesOf } from '../../judgements/sortOrder.js';
import type { ContractSpec, JsonObject, SpecOperation } from '../../model/spec.js';
import { assumptionEntry, sequenceEntry, sequencePromises } from '../../promises/coverageIds.js';
import type { ContractRequest, ContractResponse } from '../../transport/http.js';
import { numberParameter } from '../shared/ledger.js';
import { volumeIdOf } from '../shared/requests.js';
import { maxInFlightOf, sendInFlight } from './inFlight.js';

type Volume = ResizeVolumeResponse['data'];

/**
 * The GB above the current size a racing resize asks for at most: each case grows the partner's volume by this much
 * at most, three cases a run. Sizes from one GB below the current one up: a lot mixes growths and refusals.
 */
const growthPerCase = 2;

/** A list read sent among the resizes: the page must be consistent in itself, whatever is in flight. */
interface PageRead {
  operationId: string;
  query: Record<string, string>;
}

/** A page's problem with itself: its order (`x-sorted-by`), its length against `limit`, `hasMore` against `total`. */
function pageProblem(op: SpecOperation, query: Record<string, string>, response: ContractResponse) {
  const body = response.json as JsonObject & { meta?: { hasMore?: boolean; total?: number } };
  for (const [property, sortedBy] of sortedPropertiesOf(op)) {
    const problem = orderProblem((body[property] as JsonObject[] | undefined) ?? [], property, sortedBy);
    if (problem) return problem;
  }
  const data = (body.data as unknown[] | undefined) ?? [];
  const limit = query.limit !== undefined ? Number(query.limit) : numberParameter(op, 'limit', 'default');
  if (limit !== undefined && data.length > limit) return `${data.length} items, above limit ${limit}`;
  const offset = Number(query.offset ?? numberParameter(op, 'offset', 'default') ?? 0);
  const { hasMore, total } = body.meta ?? {};
  if (total !== undefined && hasMore !== undefined && hasMore !== offset + data.length < total)
    return `meta.hasMore is ${hasMore}, but offset ${offset} + ${data.length} items vs meta.total ${total} says ${!hasMore}`;
  return undefined;
}

/**
 * Resizes of one volume in flight at once, among list reads. The spec defines each resize against the volume's
 * current size (greater: 200 at the size asked; not greater: 409, changing nothing), so each lot must be answered as
 * some order of its requests would be: the accepted sizes all different and above the size before, every size refused
 * as not larger at most the largest accepted (or the size before), and afterwards the volume at the largest accepted
 * size, which a resize to it must find (409): a 200 there is an update the answers said was made and the volume lost.
 * The spec says nothing of concurrency beyond that, and the check judges nothing more. A page read meanwhile is
 * judged on itself alone (its order, `limit`, `hasMore` against `total`): the spec does not say whether a resize bills.
 */
export function concurrentResizeProperties(spec: ContractSpec): ContractCheck[] {
  const op = spec.operation('resizeVolume');
  const bounds = spec.resolve('#/components/schemas/ResizeVolumeRequest/properties/size_gb').value;
  const maximum = typeof bounds.maximum === 'number' ? bounds.maximum : 10_000;
  const minimum = typeof bounds.minimum === 'number' ? bounds.minimum : 10;
  const lists = ['listInstanceTypes', 'listBillingTransactions'].filter((id) =>
    spec.operations.some((o) => o.operationId === id),
  );
  const pageReads: Array<fc.Arbitrary<PageRead>> = [];
  if (lists.includes('listInstanceTypes'))
    pageReads.push(fc.constant({ operationId: 'listInstanceTypes', query: {} }));
  if (lists.includes('listBillingTransactions'))
    pageReads.push(
      fc.record({
        operationId: fc.constant('listBillingTransactions'),
        query: fc.record({
          limit: fc.constantFrom('1', '7', '50', '100'),
          offset: fc.integer({ min: 0, max: 400 }).map(String),
        }),
      }),
    );
  return [
    propertyCheck({
      name: 'answers resizes of one volume in flight at once as some order of them, none lost, pages read meanwhile consistent',
      operationId: op.operationId,
      tags: op.tags,
      mutates: true,
      requires: ['state', 'volume', 'volumeSize'],
      covers: [
        assumptionEntry('resize-not-larger-409'),
        sequenceEntry(op.operationId, sequencePromises.racingWrites),
        ...lists.map((id) => sequenceEntry(id, sequencePromises.duringWrites)),
      ],
      // Each case grows the volume by up to `growthPerCase` GB for good: three cases, as the walks.
      maxCases: 3,
      shrink: false,
      cases: (ctx) => {
        const maxInFlight = maxInFlightOf(ctx.target);
        return fc.record({
          growths: fc.array(fc.integer({ min: -1, max: growthPerCase }), {
            minLength: 2,
            maxLength: Math.max(2, maxInFlight - 1),
          }),
          reads:
            pageReads.length > 0
              ? fc.array(fc.oneof(...pageReads), { minLength: 1, maxLength: 2 })
              : fc.constant<PageRead[]>([]),
        });
      },
      async check(ctx: CheckContext, { growths, reads }) {
        const id = volumeIdOf(ctx, op);
        const before = ctx.state.volumeSizeGb ?? skipCheck(skipReasons.volumeSize);
        if (before + 1 > maximum)
          skipCheck(
            `the volume is at the largest size (${maximum} GB): resizes in flight at once cannot grow it`,
          );
        const sizes = growths.map((growth) => Math.max(minimum, Math.min(maximum, before + growth)));
        const requests: Array<{ label: string; request: ContractRequest; page?: PageRead }> = [
          ...sizes.map((size) => ({
            label: `resize to ${size} GB`,
            request: { op, pathParams: { id }, body: { size_gb: size } },
          })),
          ...reads.map((page) => ({
            label: `${page.operationId} ${new URLSearchParams(page.query)}`,
            request: { op: spec.operation(page.operationId), query: page.query },
            page,
          })),
        ];
        // All at once (bounded): the resizes first, so the reads meet them in flight.
        const answers = await sendInFlight(requests, maxInFlightOf(ctx.target), (item) =>
          ctx.http.send(item.request),
        );
        const lot = `the lot ${requests.map((item) => item.label).join(', ')} (the volume at ${before} GB before)`;
        // Every answer is judged before any failure is thrown: the volume must first be left at a size the run knows,
        // or the checks after this one would fail for what this one found.
        const problems: Array<{ response: ContractResponse; problem: string }> = [];
        const accepted: Array<{ size: number; volume: Volume }> = [];
        const refused: Array<{ size: number; response: ContractResponse }> = [];
        for (const [index, item] of requests.entries()) {
          const response = answers[index] as ContractResponse;
          const problem = (text: string) => problems.push({ response, problem: text });
          if (item.page) {
            const found =
              response.status !== 200
                ? `answered ${response.status}, not 200`
                : pageProblem(spec.operation(item.page.operationId), item.page.query, response);
            if (found) problem(`${item.label}, read among ${lot}: ${found}`);
            else judgeAnswer(ctx, response, 200);
            continue;
          }
          const size = sizes[index] as number;
          if (response.status === 500)
            skipCheck(
              `${item.label} of ${lot} was answered 500 (which any operation may): its effect is unknown`,
            );
          if (response.status === 409) refused.push({ size, response });
          else if (response.status !== 200)
            problem(`${item.label} of ${lot} answered ${response.status}: only 200 or 409 fits some order`);
          else {
            const volume = jsonOf<ResizeVolumeResponse>(response).data;
            if (volume.sizeGb !== size)
              problem(`${item.label} of ${lot} was accepted with sizeGb ${volume.sizeGb}, not ${size}`);
            if (accepted.some((other) => other.size === size))
              problem(
                `${item.label} was accepted twice in ${lot}: in any order the second finds the volume at ${size} GB and must be refused (409)`,
              );
            accepted.push({ size, volume });
          }
        }
        const largest = accepted.reduce((most, { size }) => Math.max(most, size), before);
        for (const { size, response } of refused) {
          if (size > largest)
            problems.push({
              response,
              problem: `resize to ${size} GB was refused as not larger in ${lot}, but the largest size accepted was ${largest === before ? `none (the volume at ${before} GB)` : `${largest} GB`}: no order of the lot explains it`,
            });
        }
        if (largest > before) {
          // Afterwards the volume holds the largest size accepted: a resize to it is not larger (409). A 200 grows it
          // there, so it was smaller: an accepted update was lost. Either way the volume is now at that size.
          const probe = await ctx.http.send({ op, pathParams: { id }, body: { size_gb: largest } });
          const last = accepted.find(({ size }) => size === largest) as { volume: Volume };
          ctx.state.volumeSizeGb = largest;
          ctx.state.volume = (
            probe.status === 200 ? jsonOf<ResizeVolumeResponse>(probe).data : last.volume
          ) as CheckContext['state']['volume'];
          if (probe.status === 200)
            problems.push({
              response: probe,
              problem: `after ${lot} accepted ${accepted.map(({ size }) => `${size} GB`).join(', ')}, a resize to ${largest} GB was accepted again: the volume was smaller than an accepted size (a lost update)`,
            });
          else if (problems.length === 0) judgeAnswer(ctx, probe, 409);
        }
        const first = problems[0];
        if (first) fail(first.response, first.problem);
        for (const [index, response] of answers.entries())
          if (!requests[index]?.page) judgeAnswer(ctx, response, response.status);
      },
    }),
  ];
}
