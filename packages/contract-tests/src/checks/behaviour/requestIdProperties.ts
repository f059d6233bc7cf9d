import fc from 'fast-check';
import type { CheckContext, ContractCheck, Requirement } from '../../engine/check.js';
import { propertyCheck } from '../../engine/propertyCheck.js';
import { fail } from '../../judgements/answers.js';
import type { ContractSpec, SpecOperation } from '../../model/spec.js';
import { assumptionEntry } from '../../promises/coverageIds.js';
import type { ContractRequest, ContractResponse } from '../../transport/http.js';
import { pathParamsOf, refusalSafeBody, validRequest } from '../shared/requests.js';

/** One kind of answer the suite provokes: a success, or a failure of a given kind, on one operation. */
interface Provocation {
  /** `listBillingTransactions: 401 without a key`, as the repro names it. */
  label: string;
  /** The request could make a fail-open server act (a body to a billable or state-changing call, a method it lacks). */
  acts: boolean;
  requires: Requirement[];
  request(ctx: CheckContext): ContractRequest;
}

const withoutKey = { kind: 'none' } as const;

/** Every kind of answer the suite provokes on one operation, each as a request that names it. */
function provocationsOf(spec: ContractSpec, op: SpecOperation): Provocation[] {
  const label = (what: string) => `${op.operationId}: ${what}`;
  const isResize = op.operationId === 'resizeVolume';
  const requires: Requirement[] = isResize ? ['volume'] : [];
  const acts = op.stateChanging;
  const safe = (ctx: CheckContext) => {
    const valid = validRequest(ctx, op);
    return valid.body === undefined ? valid : { ...valid, body: refusalSafeBody(op, valid.body) };
  };
  const prefix = op.path.startsWith('/api/v1/') ? '/api/v1' : '';
  const list: Provocation[] = [
    { label: label('without a key'), acts, requires, request: (ctx) => ({ ...safe(ctx), auth: withoutKey }) },
    {
      label: label('an unknown path of its address'),
      acts: false,
      requires: [],
      request: () => ({ op, method: 'GET', path: `${prefix}/contract-tests-no-such-path` }),
    },
  ];
  if (!op.stateChanging)
    list.push({ label: label('a valid read'), acts, requires, request: (ctx) => validRequest(ctx, op) });
  const integer = op.parameters.find(
    (p) => p.in === 'query' && spec.resolve(p.schemaPointer).value.type === 'integer',
  );
  if (integer) {
    list.push({
      label: label(`${integer.name} that is no integer`),
      acts,
      requires,
      request: (ctx) => ({ ...validRequest(ctx, op), query: { [integer.name]: 'not-a-number' } }),
    });
  }
  if (op.requestBody) {
    // `{}` lacks every required field: refused before any work, billed nothing, changed nothing.
    list.push(
      {
        label: label('a body without its required fields'),
        acts,
        requires,
        request: (ctx) => ({ op, pathParams: pathParamsOf(ctx, op), body: {} }),
      },
      {
        label: label('a body sent as text/plain'),
        acts,
        requires,
        request: (ctx) => ({
          op,
          pathParams: pathParamsOf(ctx, op),
          rawBody: '{}',
          contentType: 'text/plain',
        }),
      },
      {
        label: label('a method its path does not take'),
        acts: true,
        requires,
        request: (ctx) => ({ op, method: 'PUT', pathParams: pathParamsOf(ctx, op), body: {} }),
      },
    );
  }
  if (isResize) {
    list.push(
      {
        label: label('a size not larger than the volume'),
        acts,
        requires: ['volume', 'state'],
        request: (ctx) => safe(ctx),
      },
      {
        label: label('a volume that does not exist'),
        acts,
        requires,
        request: (ctx) => ({ ...safe(ctx), pathParams: { id: 'vol_contract_tests_no_such_volume' } }),
      },
    );
  }
  return list;
}

/** The request id a body carries (`meta.requestId` of a list, `error.requestId` of a failure), when it has one. */
function bodyRequestId(response: ContractResponse): unknown {
  const body = response.json as
    | { meta?: { requestId?: unknown }; error?: { requestId?: unknown } }
    | undefined;
  return body?.error !== undefined ? body.error.requestId : body?.meta?.requestId;
}

/**
 * Assumed by the spec (request-id-header): every answer of both base addresses carries `X-Request-Id`, its own, equal
 * to the body's request id; so every failure too, of every status the suite provokes (400, 401, 404, 405, 409, 415
 * beside the successes). Sequences of provocations drawn over each operation of both addresses; no two answers of a
 * sequence may share an id.
 */
export function requestIdProperties(spec: ContractSpec): ContractCheck[] {
  // One property per operation, filed under it (its checks send only to its path, and to the unknown path of its
  // address): both addresses are covered by their operations.
  return spec.operations.flatMap((first) => {
    const provocations = provocationsOf(spec, first);
    const acting = provocations.some((p) => p.acts);
    const requires = [
      ...new Set<Requirement>(['state', 'ownErrors', ...provocations.flatMap((p) => p.requires)]),
    ];
    return [
      propertyCheck({
        name: `gives every answer its own X-Request-Id, equal to the body's, on every status the suite provokes (${first.surface} address)`,
        operationId: first.operationId,
        tags: first.tags,
        // A check filed under a billable operation counts as a mutation, as every other check of one does.
        mutates: acting || first.stateChanging,
        requires,
        covers: [assumptionEntry('request-id-header')],
        // Each case a sequence of provocations by label, its first sent again at its end: the same request twice is
        // where an id kept per status, per route or per request shows.
        cases: () =>
          fc
            .array(fc.constantFrom(...provocations.map((p) => p.label)), { minLength: 1, maxLength: 6 })
            .map((labels) => [...labels, labels[0] as string]),
        async check(ctx, labels) {
          const seen = new Map<string, string>();
          for (const label of labels) {
            const provocation = provocations.find((p) => p.label === label) as Provocation;
            const response = await ctx.http.send(provocation.request(ctx));
            const what = `${provocation.label} (answered ${response.status})`;
            const id = response.headers.get('x-request-id');
            if (!id) fail(response, `${what} carries no X-Request-Id`);
            const inBody = bodyRequestId(response);
            if (response.status >= 400 && inBody === undefined)
              fail(response, `${what} carries no error.requestId`);
            if (inBody !== undefined && inBody !== id)
              fail(
                response,
                `${what}: X-Request-Id "${id}" differs from the body's request id "${String(inBody)}"`,
              );
            const earlier = seen.get(id);
            if (earlier !== undefined)
              fail(response, `${what} has X-Request-Id ${id}, as the earlier answer to ${earlier} had`);
            seen.set(id, what);
          }
        },
      }),
    ];
  });
}
