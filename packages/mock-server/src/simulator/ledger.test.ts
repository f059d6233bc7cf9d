import { fuzzSeed } from '@inference-infra/test-kit/rawRequests';
import type { InstanceType } from '@inference-infra/types';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { schemaErrors } from '../test/errorBodySchema.js';
import { simulate, testKey } from '../test/inProcess.js';
import { createSimulator } from './createSimulator.js';
import { SimulatorOptionError } from './simulatorOptions.js';

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

/** What a usage or refund line names: the GPUs, the catalogue entry's id and the hours billed. */
const billedLine = /^(?:GPU usage: |Refund: interrupted (\S+) instance )(\S+)x (\S+) \((\S+)\), (\d+) h$/;

function namedEntry(description: string, catalogue: readonly InstanceType[]) {
  const match = billedLine.exec(description);
  if (!match) return undefined;
  const [, deployment, gpuCount, gpuType, id, hours] = match;
  return {
    deployment,
    gpuCount,
    gpuType,
    hours: Number(hours),
    entry: catalogue.find((type) => type.id === id),
  };
}

/** Whether `amount` is `expected` rounded to the cent: whole cents, and at most half a cent away. */
function isRoundedToCents(amount: number, expected: number): boolean {
  const cents = amount * 100;
  return Math.abs(cents - Math.round(cents)) < 1e-6 && Math.abs(amount - expected) <= 0.005 + 1e-9;
}

/** Catalogues other than the default: any GPU names, fractional GPU counts, prices with many decimals or 0. */
const catalogues = fc
  .uniqueArray(
    fc.record({
      id: fc.stringMatching(/^it_[a-z0-9_]{1,16}$/),
      gpu_type: fc.constantFrom('H100', 'A100-80GB', 'MI300X', 'T4'),
      gpu_count: fc.constantFrom(0.5, 1, 2, 3, 8),
      cpu_cores: fc.integer({ min: 1, max: 256 }),
      memory_gb: fc.integer({ min: 1, max: 2048 }),
      storage_gb: fc.integer({ min: 0, max: 8000 }),
      region: fc.constantFrom('us-east-1', 'eu-west-1'),
      hourly_rate: fc.oneof(
        fc.constant(0),
        fc.integer({ min: 1, max: 10_000 }).map((cents) => cents / 100),
        fc.double({ min: 0.001, max: 200, noNaN: true }),
      ),
      deployment_type: fc.constantFrom('on-demand', 'spot', 'reserved'),
    }),
    { minLength: 1, maxLength: 12, selector: (type) => type.id },
  )
  .map((types) => types as InstanceType[]);

const seed = fuzzSeed();
let ledgers = 0;
afterAll(() => {
  console.log(`ledger amounts: seed ${seed} (FUZZ_SEED=${seed} replays it), ${ledgers} ledgers`);
});

describe('ledger amounts, billed from the catalogue', () => {
  it('bills each usage line at -rate x hours of the catalogue entry it names, and refunds at +rate x hours, for every seed', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 32 - 1 }),
        fc.integer({ min: 0, max: 400 }),
        fc.option(catalogues, { freq: 2 }),
        (ledgerSeed, transactionCount, custom) => {
          ledgers += 1;
          const simulator = createSimulator({
            seed: ledgerSeed,
            transactionCount,
            ...(custom ? { instanceTypes: custom } : {}),
          });
          const catalogue = simulator.state.instanceTypes;
          const hasSpot = catalogue.some((type) => type.deployment_type === 'spot');
          const ledger = simulator.state.workspace(testKey).ledger;
          expect(ledger).toHaveLength(transactionCount);
          for (const { type, transaction } of ledger) {
            const shown = `${transaction.id} ${transaction.description}: ${transaction.amount}`;
            if (type === 'usage' || type === 'refund') {
              const named = namedEntry(transaction.description, catalogue);
              expect(named?.entry, shown).toBeDefined();
              if (!named?.entry) continue;
              expect([named.gpuCount, named.gpuType], shown).toEqual([
                String(named.entry.gpu_count),
                named.entry.gpu_type,
              ]);
              expect(named.hours, shown).toBeGreaterThanOrEqual(1);
              const cost = named.entry.hourly_rate * named.hours;
              expect(isRoundedToCents(transaction.amount, type === 'usage' ? -cost : cost), shown).toBe(true);
              if (type === 'refund') {
                expect(named.deployment, shown).toBe(named.entry.deployment_type);
                if (hasSpot) expect(named.entry.deployment_type, shown).toBe('spot');
              } else {
                expect(named.deployment, shown).toBeUndefined();
              }
            } else if (type === 'credit') {
              expect([10, 25, 50, 100], shown).toContain(transaction.amount);
            } else {
              expect(transaction.description, shown).toBe('Billing adjustment');
              expect(Math.abs(transaction.amount), shown).toBeGreaterThanOrEqual(0.01);
              expect(Math.abs(transaction.amount), shown).toBeLessThanOrEqual(10);
              expect(isRoundedToCents(transaction.amount, transaction.amount), shown).toBe(true);
            }
          }
          // The same seed and catalogue bill the same ledger: a workspace opened later sees the same lines.
          expect(
            simulator.state.workspace('ii_live_other').ledger.map((entry) => entry.transaction.amount),
          ).toEqual(ledger.map((entry) => entry.transaction.amount));
        },
      ),
      { seed, numRuns: 60 },
    );
  });

  it('prices the seeded ledger like the catalogue: no L40S hour above the dearest L40S rate', () => {
    const { state } = createSimulator();
    const l40sRates = state.instanceTypes
      .filter((type) => type.gpu_type === 'L40S')
      .map((type) => type.hourly_rate);
    const l40sLines = state
      .workspace(testKey)
      .ledger.filter((entry) => entry.type === 'usage' && / L40S /.test(entry.transaction.description));
    expect(l40sLines.length).toBeGreaterThan(10);
    for (const { transaction } of l40sLines) {
      const hours = Number(/, (\d+) h$/.exec(transaction.description)?.[1]);
      expect(-transaction.amount / hours).toBeLessThanOrEqual(Math.max(...l40sRates) + 0.005);
    }
  });

  it("keeps the bills of a workspace when the catalogue's prices change later", () => {
    const { state } = createSimulator();
    const before = state.workspace(testKey).ledger.map((entry) => entry.transaction.amount);
    for (const type of state.instanceTypes) type.hourly_rate *= 2;
    expect(state.workspace(testKey).ledger.map((entry) => entry.transaction.amount)).toEqual(before);
    const doubled = state.workspace('ii_live_later').ledger;
    expect(doubled.find((entry) => entry.type === 'usage')?.transaction.amount).toBeCloseTo(
      2 * (state.workspace(testKey).ledger.find((entry) => entry.type === 'usage')?.transaction.amount ?? 0),
      1,
    );
  });

  it.each([
    [
      { instanceTypes: [] },
      /^instanceTypes must hold at least one instance type while the ledger has transactions/,
    ],
    [
      { instanceTypes: [{ id: 'it_x', hourly_rate: Number.NaN } as InstanceType] },
      /^instanceTypes\[0\]\.hourly_rate must be a finite number of at least 0: the ledger bills usage at it \(got NaN\)$/,
    ],
    [
      { instanceTypes: [{ id: '', hourly_rate: 1 } as InstanceType] },
      /^instanceTypes\[0\]\.id must be a non-empty string$/,
    ],
  ])('refuses a catalogue it cannot bill from, naming the field and the rule (%j)', (options, message) => {
    expect(() => createSimulator(options)).toThrow(SimulatorOptionError);
    expect(() => createSimulator(options)).toThrow(message);
  });

  it('serves an empty catalogue when the ledger is empty too', () => {
    const { state } = createSimulator({ instanceTypes: [], transactionCount: 0 });
    expect(state.workspace(testKey).ledger).toEqual([]);
  });
});
