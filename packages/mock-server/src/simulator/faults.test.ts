import { describe, expect, it } from 'vitest';
import { schemaErrors } from '../test/errorBodySchema.js';
import { simulate, testKey } from '../test/inProcess.js';

describe('faults on demand', () => {
  it('answers a 429 with Retry-After and the spec error body for X-Simulate: status=429;retry-after=2', async () => {
    const { call } = simulate();
    const answer = await call('/api/v1/instances/types', { simulate: 'status=429;retry-after=2' });
    expect(answer.status).toBe(429);
    expect(answer.response.headers.get('retry-after')).toBe('2');
    expect(schemaErrors('ErrorResponse', answer.body)).toEqual([]);
    expect(answer.body.error.type).toBe('rate_limit_error');
  });

  it('answers a 500 without acting: a faulted resize changes nothing', async () => {
    const { call, simulator } = simulate();
    const answer = await call('/api/v1/storage/vol_training', {
      method: 'PATCH',
      body: '{"size_gb":500}',
      simulate: 'status=500',
    });
    expect(answer.status).toBe(500);
    expect(answer.body.error.type).toBe('server_error');
    expect(simulator.state.workspace(testKey).volumes.get('vol_training')?.sizeGb).toBe(100);
  });

  it('delays an answer by delay-ms', async () => {
    const { call } = simulate();
    const started = performance.now();
    expect((await call('/api/v1/instances/types', { simulate: 'delay-ms=150' })).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(145);
  });

  it('cuts a stream after stream-cut-after events, without [DONE]', async () => {
    const { simulator } = simulate({ streamEventIntervalMs: 0 });
    const response = await simulator.fetch('http://127.0.0.1:4010/v1/chat/completions', {
      method: 'POST',
      headers: {
        authorization: `Bearer ${testKey}`,
        'content-type': 'application/json',
        'x-simulate': 'stream-cut-after=3',
      },
      body: JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'hi' }], stream: true }),
    });
    expect(response.status).toBe(200);
    await expect(response.text()).rejects.toThrow(/terminated/);
  });

  it('refuses a malformed X-Simulate with a 400 naming the header and the rule', async () => {
    const { call } = simulate();
    for (const [header, rule] of [
      ['status=200', /status must be a whole number from 400 to 599/],
      ['colour=red', /"colour" is not a fault/],
      ['delay-ms=-5', /delay-ms must be a whole number/],
    ] as const) {
      const answer = await call('/api/v1/instances/types', { simulate: header });
      expect(answer.status, header).toBe(400);
      expect(answer.body.error.param).toBe('X-Simulate');
      expect(answer.body.error.message).toMatch(rule);
    }
  });

  it('applies rules without a header: by operation and query, every n-th, a number of times', async () => {
    const { call } = simulate({
      faults: [
        { operationId: 'listBillingTransactions', query: { offset: '100' }, simulate: 'status=500' },
        { operationId: 'listInstanceTypes', every: 2, times: 2, simulate: 'status=429' },
      ],
    });
    expect((await call('/api/v1/billing/transactions?offset=50')).status).toBe(200);
    expect((await call('/api/v1/billing/transactions?offset=100')).status).toBe(500);
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await call('/api/v1/instances/types')).status);
    expect(statuses).toEqual([200, 429, 200, 429, 200, 200]);
  });

  it('has named scenarios, and refuses a rule or scenario it does not know', async () => {
    const { call } = simulate({ scenario: 'flaky' });
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await call('/api/v1/instances/types')).status);
    expect(statuses).toEqual([200, 200, 500, 200, 200, 500]);
    expect(() => simulate({ scenario: 'chaos' as never })).toThrow(
      /scenario must be one of rate-limited, flaky/,
    );
    expect(() => simulate({ faults: [{ simulate: 'status=99' }] })).toThrow(
      /faults\[0\]\.simulate: status must be/,
    );
  });
});

describe('seeds', () => {
  it('gives the same data and texts for the same seed, and other data for another', async () => {
    const chat = { model: 'm', messages: [{ role: 'user', content: 'hello' }] };
    const [one, same, other] = [simulate({ seed: 7 }), simulate({ seed: 7 }), simulate({ seed: 8 })];
    const page = async (s: typeof one) => (await s.call('/api/v1/billing/transactions')).body.data;
    const text = async (s: typeof one) =>
      (await s.post('/chat/completions', chat)).body.choices[0].message.content;
    expect(await page(one)).toEqual(await page(same));
    expect(await text(one)).toBe(await text(same));
    expect(await page(one)).not.toEqual(await page(other));
    expect(await text(one)).not.toBe(await text(other));
  });
});
