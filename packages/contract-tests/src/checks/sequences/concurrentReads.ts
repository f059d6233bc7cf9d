import type { ListInstanceTypesResponse } from '@inference-infra/types';
import fc from 'fast-check';
import { type CheckContext, type ContractCheck, skipCheck } from '../../engine/check.js';
import { propertyCheck } from '../../engine/propertyCheck.js';
import { fail, jsonOf } from '../../judgements/answers.js';
import { assertConforms } from '../../judgements/conformance.js';
import { firstDifference, specDefinedValue } from '../../judgements/specDefined.js';
import type { ContractSpec, SpecOperation } from '../../model/spec.js';
import { assumptionEntry, sequenceEntry, sequencePromises } from '../../promises/coverageIds.js';
import type { ContractRequest, ContractResponse } from '../../transport/http.js';
import { numberParameter } from '../shared/ledger.js';
import { expectAnswer } from '../shared/requests.js';
import { maxInFlightOf, sendInFlight } from './inFlight.js';

/** One read the sequence sends, as data: the case prints it, and equal reads are the same request. */
type Read =
  | { read: 'transactions'; type?: string; limit?: number; offset?: number }
  | { read: 'instance types'; gpu_type?: string; region?: string }
  | { read: 'without a key'; of: 'transactions' | 'instance types' }
  | { read: 'limit 0' }
  | { read: 'an unknown path of the inference address' }
  | { read: 'GET of a POST path' };

interface Operations {
  transactions: SpecOperation;
  instances: SpecOperation;
  /** An operation of the inference address, for its unknown path and a method it does not take. */
  inference: SpecOperation | undefined;
}

function requestOf(read: Read, ops: Operations): ContractRequest {
  switch (read.read) {
    case 'transactions': {
      const query: Record<string, string> = {};
      if (read.type !== undefined) query.type = read.type;
      if (read.limit !== undefined) query.limit = String(read.limit);
      if (read.offset !== undefined) query.offset = String(read.offset);
      return { op: ops.transactions, query };
    }
    case 'instance types': {
      const query: Record<string, string> = {};
      if (read.gpu_type !== undefined) query.gpu_type = read.gpu_type;
      if (read.region !== undefined) query.region = read.region;
      return { op: ops.instances, query };
    }
    case 'without a key':
      return { op: read.of === 'transactions' ? ops.transactions : ops.instances, auth: { kind: 'none' } };
    case 'limit 0':
      return { op: ops.transactions, query: { limit: '0' } };
    case 'an unknown path of the inference address':
      return { op: ops.inference as SpecOperation, method: 'GET', path: '/contract-tests-no-such-path' };
    case 'GET of a POST path':
      return { op: ops.inference as SpecOperation, method: 'GET' };
  }
}

/**
 * What of an answer must not depend on what else is in flight: a success's every field the spec defines (never an
 * open or opaque one: a cursor, the request id), a failure's status, `type`, `code` and `param` (its message may name
 * the request, as its id).
 */
function meaningOf(ctx: CheckContext, response: ContractResponse): unknown {
  if (response.status < 400) return { status: response.status, body: specDefinedValue(ctx.spec, response) };
  const error = (response.json as { error?: Record<string, unknown> } | undefined)?.error;
  return { status: response.status, type: error?.type, code: error?.code, param: error?.param };
}

function bodyRequestId(response: ContractResponse): unknown {
  const body = response.json as
    | { meta?: { requestId?: unknown }; error?: { requestId?: unknown } }
    | undefined;
  return body?.error !== undefined ? body.error.requestId : body?.meta?.requestId;
}

/** Each answer's X-Request-Id: present, the body's, and never one another answer of the lot carried. */
function holdRequestIds(answers: Array<{ label: string; response: ContractResponse }>) {
  const seen = new Map<string, string>();
  for (const { label, response } of answers) {
    const id = response.headers.get('x-request-id');
    if (!id) fail(response, `${label} (answered ${response.status}) carries no X-Request-Id`);
    const inBody = bodyRequestId(response);
    if (response.status >= 400 && inBody === undefined)
      fail(response, `${label} (answered ${response.status}) carries no error.requestId`);
    if (inBody !== undefined && inBody !== id)
      fail(response, `${label}: X-Request-Id "${id}" differs from the body's request id "${String(inBody)}"`);
    const earlier = seen.get(id);
    if (earlier !== undefined)
      fail(
        response,
        `${label} has X-Request-Id ${id}, as the answer to ${earlier} had: request ids must be unique`,
      );
    seen.set(id, label);
  }
}

const describe = (read: Read) => JSON.stringify(read);

/** The reads of one property: those of one operation's path (and of its address's unknown path), as the suite files checks. */
type Group = 'instances' | 'transactions' | 'inference';

/**
 * Many reads in flight at once over several connections, as a live service sees its clients: each answered as it is
 * answered alone (a success with the same data, a failure with the same status and error), schema-valid, with an
 * X-Request-Id of its own (request-id-header) equal to the body's. An answer carrying another request's data, or an id
 * shared under load, fails. The spec promises nothing about concurrency itself: these are its per-request promises,
 * held over a lot. A lot that reads a list changing meanwhile (an account billed during the run) is skipped. One
 * property per path read, filed under its operation: the two lists, and the inference address (its unknown path and a
 * method its path does not take, which change nothing).
 */
export function concurrentReadProperties(spec: ContractSpec): ContractCheck[] {
  const ops: Operations = {
    transactions: spec.operation('listBillingTransactions'),
    instances: spec.operation('listInstanceTypes'),
    inference: spec.operations.find((op) => op.surface === 'inference' && op.method === 'POST'),
  };
  const typeParameter = ops.transactions.parameters.find((p) => p.in === 'query' && p.name === 'type');
  const types = (
    typeParameter ? (spec.resolve(typeParameter.schemaPointer).value.enum ?? []) : []
  ) as string[];
  const maxLimit = numberParameter(ops.transactions, 'limit', 'maximum') ?? 100;
  const minLimit = numberParameter(ops.transactions, 'limit', 'minimum') ?? 1;
  const orNone = <T>(values: T[]) =>
    values.length > 0 ? fc.option(fc.constantFrom(...values), { nil: undefined }) : fc.constant(undefined);
  const groups: Array<[Group, SpecOperation]> = [
    ['instances', ops.instances],
    ['transactions', ops.transactions],
    ...(ops.inference ? [['inference', ops.inference] as [Group, SpecOperation]] : []),
  ];
  return groups.map(([group, op]) =>
    propertyCheck({
      name: `answers many requests in flight at once each as it answers it alone, each with its own X-Request-Id (${group === 'inference' ? 'inference address' : 'its path'})`,
      operationId: op.operationId,
      tags: op.tags,
      // A check filed under a billable operation counts as a mutation, as every other check of one does (this one
      // sends only a GET to the path, and to an unknown one: nothing a server could act on).
      mutates: op.stateChanging,
      // `ownErrors`: the unknown path and the method a path lacks must be answered by the server, not a framework.
      requires: group === 'inference' ? ['state', 'ownErrors'] : ['state'],
      covers: [
        assumptionEntry('request-id-header'),
        ...(group === 'inference' ? [] : [sequenceEntry(op.operationId, sequencePromises.inFlight)]),
      ],
      // Each case sends its lot twice (alone, then at once): few cases reach the interleavings that matter.
      maxCases: 5,
      async setup(ctx) {
        if (group !== 'instances') return { gpuTypes: [] as string[], regions: [] as string[] };
        const response = await expectAnswer(ctx, { op: ops.instances }, 200);
        const items = jsonOf<ListInstanceTypesResponse>(response).data;
        return {
          gpuTypes: [...new Set(items.map((item) => item.gpu_type))],
          regions: [...new Set(items.map((item) => item.region))],
        };
      },
      cases: (ctx, { gpuTypes, regions }) => {
        const maxInFlight = maxInFlightOf(ctx.target);
        // The successes first: drawn twice as often as each failure below.
        const reads: Array<fc.Arbitrary<Read>> =
          group === 'instances'
            ? [
                fc.record(
                  {
                    read: fc.constant('instance types' as const),
                    gpu_type: orNone(gpuTypes),
                    region: orNone(regions),
                  },
                  { requiredKeys: ['read'] },
                ),
                fc.constant({ read: 'without a key' as const, of: 'instance types' as const }),
              ]
            : group === 'transactions'
              ? [
                  fc.record(
                    {
                      read: fc.constant('transactions' as const),
                      type: orNone(types),
                      limit: fc.constantFrom(minLimit, 2, 7, maxLimit),
                      offset: fc.integer({ min: 0, max: 40 }),
                    },
                    { requiredKeys: ['read'] },
                  ),
                  fc.constant({ read: 'without a key' as const, of: 'transactions' as const }),
                  fc.constant({ read: 'limit 0' as const }),
                ]
              : [
                  fc.constant({ read: 'an unknown path of the inference address' as const }),
                  fc.constant({ read: 'GET of a POST path' as const }),
                ];
        // A few distinct reads, each sent several times in the lot: reads of one path with other queries in flight
        // together are where answers cross (a cache or a coalescing keyed by path alone).
        return fc
          .record({
            distinct: fc.array(fc.oneof(reads[0] as fc.Arbitrary<Read>, ...reads), {
              minLength: 2,
              maxLength: 4,
            }),
            picks: fc.array(fc.nat(), { minLength: 2, maxLength: 4 * maxInFlight }),
            // As many in flight as allowed most often: the lot's first requests start together.
            inFlight: fc.oneof(fc.constant(maxInFlight), fc.integer({ min: 2, max: maxInFlight })),
          })
          .map(({ distinct, picks, inFlight }) => ({
            reads: picks.map((pick) => distinct[pick % distinct.length] as Read),
            inFlight,
          }));
      },
      async check(ctx, { reads, inFlight }) {
        // Alone first: each distinct read once, in turn. What it answers then is what it must answer in the lot.
        const alone = new Map<string, { response: ContractResponse; meaning: unknown }>();
        for (const read of reads) {
          const key = describe(read);
          if (alone.has(key)) continue;
          const response = await ctx.http.send(requestOf(read, ops));
          alone.set(key, { response, meaning: meaningOf(ctx, response) });
        }
        const lot = await sendInFlight(reads, inFlight, (read) => ctx.http.send(requestOf(read, ops)));
        const labelled = lot.map((response, index) => ({
          label: `request ${index + 1} of ${lot.length} (${describe(reads[index] as Read)}), ${inFlight} in flight`,
          response,
        }));
        holdRequestIds([
          ...[...alone.entries()].map(([key, { response }]) => ({ label: `${key} sent alone`, response })),
          ...labelled,
        ]);
        for (const [index, { label, response }] of labelled.entries()) {
          const read = reads[index] as Read;
          const expected = alone.get(describe(read)) as { response: ContractResponse; meaning: unknown };
          if (read.read !== 'an unknown path of the inference address' && read.read !== 'GET of a POST path')
            assertConforms(ctx.validator, response);
          const difference = firstDifference(meaningOf(ctx, response), expected.meaning);
          if (difference === undefined) continue;
          // Whose answer it is, when it is another read's of the lot: the sign of answers crossed under load.
          const other = [...alone.entries()].find(
            ([key, { meaning }]) =>
              key !== describe(read) && firstDifference(meaningOf(ctx, response), meaning) === undefined,
          );
          // A list that changed since it was read alone (an account in use) is no fault of the server.
          const again = await ctx.http.send(requestOf(read, ops));
          if (firstDifference(meaningOf(ctx, again), expected.meaning) !== undefined)
            skipCheck(
              'the list changed during the run: reads in flight at once cannot be compared with reads alone',
            );
          fail(
            response,
            `${label} is answered ${other ? `as ${other[0]} is` : 'otherwise'} when sent alone: ${response.redactor.excerpt(difference, 200)}`,
          );
        }
      },
    }),
  );
}
