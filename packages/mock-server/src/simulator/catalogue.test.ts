import { describe, expect, it } from 'vitest';
import { schemaErrors } from '../test/errorBodySchema.js';
import { simulate } from '../test/inProcess.js';
import { byPrice } from './catalogue.js';

const { simulator, call } = simulate();
const all = () => [...simulator.state.instanceTypes].sort(byPrice);

describe('instance types', () => {
  it('answers a realistic catalogue, cheapest first, in one page that follows the schema', async () => {
    const { status, body } = await call('/api/v1/instances/types');
    expect(status).toBe(200);
    expect(schemaErrors('InstanceTypeList', body)).toEqual([]);
    expect(new Set(body.data.map((t: { gpu_type: string }) => t.gpu_type)).size).toBeGreaterThanOrEqual(4);
    expect(new Set(body.data.map((t: { region: string }) => t.region)).size).toBeGreaterThanOrEqual(3);
    expect(body.data).toEqual(all());
    const rates = body.data.map((t: { hourly_rate: number }) => t.hourly_rate);
    expect(rates).toEqual([...rates].sort((a, b) => a - b));
    expect(body.meta).toMatchObject({ hasMore: false, total: body.data.length });
  });

  it('holds a price tie, ordered by id so the order never changes', async () => {
    const { body } = await call('/api/v1/instances/types');
    const rates: number[] = body.data.map((t: { hourly_rate: number }) => t.hourly_rate);
    const tied = rates.find((rate, index) => rates.indexOf(rate) !== index);
    expect(tied).toBeDefined();
    const ids = body.data
      .filter((t: { hourly_rate: number }) => t.hourly_rate === tied)
      .map((t: { id: string }) => t.id);
    expect(ids).toEqual([...ids].sort());
  });

  it.each([
    ['gpu_type=A100', (t: { gpu_type: string }) => t.gpu_type === 'A100'],
    ['region=eu-west-1', (t: { region: string }) => t.region === 'eu-west-1'],
    ['gpu_count=8', (t: { gpu_count: number }) => t.gpu_count === 8],
    [
      'gpu_type=H100&region=us-east-1&gpu_count=2',
      (t: { gpu_type: string; region: string; gpu_count: number }) =>
        t.gpu_type === 'H100' && t.region === 'us-east-1' && t.gpu_count === 2,
    ],
  ] as Array<[string, (t: never) => boolean]>)(
    'filters exactly with %s, combined by AND',
    async (query, keep) => {
      const { body } = await call(`/api/v1/instances/types?${query}`);
      expect(body.data).toEqual(all().filter(keep as never));
      expect(body.data.length).toBeGreaterThan(0);
      expect(body.meta.total).toBe(body.data.length);
    },
  );

  it('matches a filter exactly, never by prefix or case', async () => {
    for (const query of ['gpu_type=A10', 'gpu_type=a100', 'region=us-east', 'gpu_count=3']) {
      const { body } = await call(`/api/v1/instances/types?${query}`);
      expect(body.data, query).toEqual([]);
    }
  });

  it('refuses a gpu_count that is not an integer, naming the field', async () => {
    for (const value of ['1.5', 'two']) {
      const { status, body } = await call(`/api/v1/instances/types?gpu_count=${value}`);
      expect(status).toBe(400);
      expect(body.error).toMatchObject({ param: 'gpu_count', type: 'invalid_request_error' });
      expect(body.error.message).toMatch(/^gpu_count: must be an integer/);
    }
  });
});
