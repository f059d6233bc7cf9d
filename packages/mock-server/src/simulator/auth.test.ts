import { describe, expect, it } from 'vitest';
import { schemaErrors } from '../test/errorBodySchema.js';
import { simulate } from '../test/inProcess.js';

describe('API keys', () => {
  const { call, post } = simulate();
  it.each([
    ['no Authorization header', null, undefined],
    ['a key that is not <prefix>_live_<random>', 'not-a-key', undefined],
    ['a test key', 'ii_test_abc', undefined],
    ['the key without the Bearer scheme', undefined, 'ii_live_abc'],
    ['another scheme', undefined, 'Basic aWk6bGl2ZQ=='],
  ])('answers 401 with WWW-Authenticate: Bearer for %s', async (_name, key, header) => {
    const init =
      header === undefined
        ? { key: key as string | null }
        : { key: null, headers: { authorization: header } };
    for (const answer of [
      await call('/api/v1/instances/types', init),
      await post('/embeddings', { model: 'm', input: 'x' }, init),
    ]) {
      expect(answer.status).toBe(401);
      expect(answer.response.headers.get('www-authenticate')).toBe('Bearer');
      expect(schemaErrors('ErrorResponse', answer.body)).toEqual([]);
      expect(answer.body.error.type).toBe('authentication_error');
    }
  });

  it.each([['Bearer '], ['Bearer'], ['']])(
    'says no API key was sent for an Authorization of %j (an unset variable in "Bearer $KEY"), not that a key is invalid',
    async (header) => {
      const answer = await call('/api/v1/instances/types', { key: null, headers: { authorization: header } });
      expect(answer.status).toBe(401);
      expect(answer.body.error.code).toBe('missing_api_key');
      expect(answer.body.error.message).toContain('no API key was sent');
    },
  );

  it('opens a workspace for any well-formed key by default', async () => {
    expect((await call('/api/v1/instances/types', { key: 'acme_live_9f8e7d' })).status).toBe(200);
  });

  it('accepts only the listed keys when keys are given', async () => {
    const only = simulate({ keys: ['ii_live_partner'] });
    expect((await only.call('/api/v1/instances/types', { key: 'ii_live_partner' })).status).toBe(200);
    const refused = await only.call('/api/v1/instances/types', { key: 'ii_live_someone_else' });
    expect(refused.status).toBe(401);
    expect(refused.body.error.code).toBe('invalid_api_key');
    // The key has the right shape: it is unknown, and the answer says so rather than describe the shape.
    expect(refused.body.error.message).toContain('not known');
    expect(refused.body.error.message).not.toContain('look like');
    const malformed = await only.call('/api/v1/instances/types', { key: 'not-a-key' });
    expect(malformed.body.error.message).toContain('keys look like <prefix>_live_<random>');
  });

  it('refuses a deactivated key on both base addresses as it refuses an unknown one, listed in keys or not', async () => {
    for (const options of [
      { deactivatedKeys: ['ii_live_revoked'] },
      { keys: ['ii_live_partner', 'ii_live_revoked'], deactivatedKeys: ['ii_live_revoked'] },
    ]) {
      const deactivated = simulate(options);
      for (const answer of [
        await deactivated.call('/api/v1/instances/types', { key: 'ii_live_revoked' }),
        await deactivated.post('/embeddings', { model: 'm', input: 'x' }, { key: 'ii_live_revoked' }),
      ]) {
        expect(answer.status).toBe(401);
        expect(answer.response.headers.get('www-authenticate')).toBe('Bearer');
        expect(schemaErrors('ErrorResponse', answer.body)).toEqual([]);
        expect(answer.body.error.code).toBe('invalid_api_key');
        expect(answer.body.error.message).toContain('not known, or has been deactivated');
      }
      const active = options.keys ? 'ii_live_partner' : 'ii_live_active';
      expect((await deactivated.call('/api/v1/instances/types', { key: active })).status).toBe(200);
    }
    expect(() => simulate({ deactivatedKeys: ['revoked'] })).toThrow(
      /deactivatedKeys\[0\] must look like <prefix>_live_<random>/,
    );
  });

  it('refuses options that are not keys, naming the option', () => {
    expect(() => simulate({ keys: ['secret'] })).toThrow(/keys\[0\] must look like <prefix>_live_<random>/);
    expect(() => simulate({ keys: [] })).toThrow(/keys must list at least one key/);
    expect(() => simulate({ transactionCount: -1 })).toThrow(
      /transactionCount must be a whole number from 0/,
    );
    expect(() => simulate({ listMeta: 'some' as never })).toThrow(/listMeta must be one of/);
  });
});

describe('request ids', () => {
  it('gives every answer its own X-Request-Id, the same as meta.requestId or error.requestId', async () => {
    const { call } = simulate();
    const answers = [
      await call('/api/v1/billing/transactions'),
      await call('/api/v1/billing/transactions'),
      await call('/api/v1/billing/transactions?limit=0'),
      await call('/api/v1/instances/types', { key: null }),
    ];
    const ids = answers.map((a) => a.response.headers.get('x-request-id'));
    expect(new Set(ids).size).toBe(4);
    expect(answers[0]?.body.meta.requestId).toBe(ids[0]);
    expect(answers[2]?.body.error.requestId).toBe(ids[2]);
    expect(answers[3]?.body.error.requestId).toBe(ids[3]);
  });
});
