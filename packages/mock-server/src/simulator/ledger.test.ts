import { describe, expect, it } from 'vitest';
import { schemaErrors } from '../test/errorBodySchema.js';
import { simulate, testKey } from '../test/inProcess.js';

const { simulator, call } = simulate();
const ledger = () => simulator.state.workspace(testKey).ledger;

describe('billing transactions', () => {
  it('holds a few hundred transactions of all four kinds, newest first', async () => {
    expect(ledger().length).toBe(317);
    expect(new Set(ledger().map((entry) => entry.type))).toEqual(
      new Set(['credit', 'usage', 'refund', 'adjustment']),
    );
    const times = ledger().map((entry) => Date.parse(entry.transaction.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('answers 50 from offset 0 by default, with exact meta', async () => {
    const { body, response } = await call('/api/v1/billing/transactions');
    expect(schemaErrors('BillingTransactionList', body)).toEqual([]);
    expect(body.data).toEqual(
      ledger()
        .slice(0, 50)
        .map((entry) => entry.transaction),
    );
    expect(body.meta).toEqual({ requestId: response.headers.get('x-request-id'), hasMore: true, total: 317 });
  });

  it('pages by limit and offset to an empty page past the end', async () => {
    const seen: string[] = [];
    for (let offset = 0; ; offset += 100) {
      const { body } = await call(`/api/v1/billing/transactions?limit=100&offset=${offset}`);
      expect(body.meta.hasMore).toBe(offset + body.data.length < 317);
      if (body.data.length === 0) break;
      seen.push(...body.data.map((t: { id: string }) => t.id));
    }
    expect(seen).toEqual(ledger().map((entry) => entry.transaction.id));
    const { body } = await call('/api/v1/billing/transactions?offset=5000');
    expect(body).toMatchObject({ data: [], meta: { hasMore: false, total: 317 } });
  });

  it.each(['credit', 'usage', 'refund', 'adjustment'])(
    'filters by type=%s with an exact total',
    async (type) => {
      const matching = ledger().filter((entry) => entry.type === type);
      const { body } = await call(`/api/v1/billing/transactions?type=${type}&limit=3&offset=1`);
      expect(body.data).toEqual(matching.slice(1, 4).map((entry) => entry.transaction));
      expect(body.meta).toMatchObject({ total: matching.length, hasMore: matching.length > 4 });
    },
  );

  it.each([
    ['limit=0', 'limit', /must be at least 1/],
    ['limit=101', 'limit', /must be at most 100/],
    ['limit=2.5', 'limit', /must be an integer from 1 to 100/],
    ['offset=-1', 'offset', /must be at least 0/],
    ['type=Credit', 'type', /must be one of credit, usage, refund, adjustment/],
    ['limit=5&limit=6', 'limit', /must be given once/],
  ])('refuses %s naming the field and the rule', async (query, field, rule) => {
    const { status, body } = await call(`/api/v1/billing/transactions?${query}`);
    expect(status).toBe(400);
    expect(schemaErrors('ErrorResponse', body)).toEqual([]);
    expect(body.error.param).toBe(field);
    expect(body.error.message).toMatch(rule);
  });

  it('carries only the paging fields the listMeta option asks for, and caps pages at maxPageSize', async () => {
    const capped = simulate({ listMeta: 'none', maxPageSize: 40 });
    const { body } = await capped.call('/api/v1/billing/transactions?limit=100');
    expect(body.data).toHaveLength(40);
    expect(Object.keys(body.meta)).toEqual(['requestId']);
    const totalOnly = simulate({ listMeta: 'total', transactionCount: 7 });
    expect((await totalOnly.call('/api/v1/billing/transactions')).body.meta).toEqual({
      requestId: expect.any(String),
      total: 7,
    });
  });
});
