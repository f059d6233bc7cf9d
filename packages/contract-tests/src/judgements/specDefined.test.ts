import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadContractSpec } from '../model/spec.js';
import { canonicalJson } from './sameValue.js';
import { firstDifference, specDefinedPart } from './specDefined.js';

const spec = loadContractSpec();
const list = '#/components/schemas/BillingTransactionList';
const page = {
  data: [{ id: 'txn_1', projectId: 'prj_1', amount: 1, description: 'x', createdAt: '2026-11-20T18:00:00Z' }],
  meta: { requestId: 'req_1', hasMore: false, total: 1, cursor: 'abc' },
};

describe('specDefinedPart', () => {
  it('drops extra fields of open objects, the opaque cursor and the request id, whatever they hold', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string({ minLength: 1 }), fc.jsonValue()), fc.string(), (extra, nonce) => {
        const noisy = { ...extra, ...page, meta: { ...page.meta, cursor: nonce, requestId: nonce } };
        expect(canonicalJson(specDefinedPart(spec, list, noisy))).toBe(
          canonicalJson(specDefinedPart(spec, list, page)),
        );
      }),
      { seed: 46 },
    );
  });

  it('keeps what the spec defines: items and the declared meta', () => {
    const fewer = { ...page, meta: { ...page.meta, total: 2 } };
    expect(firstDifference(specDefinedPart(spec, list, fewer), specDefinedPart(spec, list, page))).toBe(
      'meta.total: 2 vs 1',
    );
    expect(firstDifference({ data: [1, 2] }, { data: [1] })).toBe('data: 2 items vs 1');
  });
});
