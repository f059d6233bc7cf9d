import { redactorFor } from '@inference-infra/edge';
import { describe, expect, it } from 'vitest';
import { type ContractCheck, skipReason, skipReasons } from '../engine/check.js';
import { bundledMockApiKey, resolveTarget, secretsOf, type Target, TargetError } from './target.js';

const live = {
  baseUrl: 'https://api.example.test/v1',
  platformUrl: 'https://platform.example.test',
  apiKey: 'ii_live_x',
};

function liveTarget(flags: Parameters<typeof resolveTarget>[0]): Target {
  const request = resolveTarget(flags, {});
  if (request.kind !== 'live') throw new Error('expected a live target');
  return request.target;
}

describe('resolveTarget', () => {
  it('takes a deactivated key from its flag or INFERENCE_INFRA_DEACTIVATED_KEY, never the active key itself', () => {
    expect(liveTarget({ ...live, deactivatedKey: 'ii_live_off' }).deactivatedKey).toBe('ii_live_off');
    const fromEnv = resolveTarget(live, { INFERENCE_INFRA_DEACTIVATED_KEY: 'ii_live_env_off' });
    expect(fromEnv.kind === 'live' && fromEnv.target.deactivatedKey).toBe('ii_live_env_off');
    expect(liveTarget(live).deactivatedKey).toBeUndefined();
    expect(() => resolveTarget({ ...live, deactivatedKey: live.apiKey }, {})).toThrow(
      /--deactivated-key must be another key than --api-key/,
    );
    expect(() => resolveTarget({ ...live, deactivatedKey: ' ' }, {})).toThrow(
      /--deactivated-key must be a key/,
    );
    expect(secretsOf(liveTarget({ ...live, deactivatedKey: 'ii_live_off' }))).toEqual([
      live.apiKey,
      'ii_live_off',
    ]);
    expect(secretsOf(liveTarget(live))).toEqual([live.apiKey]);
  });

  it('takes --max-in-flight from 2 to 64', () => {
    expect(liveTarget({ ...live, maxInFlight: '12' }).maxInFlight).toBe(12);
    expect(() => resolveTarget({ ...live, maxInFlight: '1' }, {})).toThrow(
      /--max-in-flight must be a whole number from 2 to 64/,
    );
    expect(() => resolveTarget({ ...live, maxInFlight: 'many' }, {})).toThrow(/--max-in-flight/);
  });

  it('asks for the bundled mock when no base address is given', () => {
    const request = resolveTarget({}, {});
    expect(request.kind).toBe('bundled-mock');
    if (request.kind !== 'bundled-mock') return;
    const target = request.complete({ baseUrl: 'http://127.0.0.1:1/v1', platformUrl: 'http://127.0.0.1:2' });
    expect(target).toMatchObject({ kind: 'bundled-mock', allowMutations: true });
  });

  it('reads a live target from the environment, flags winning', () => {
    const target = resolveTarget(
      { apiKey: 'ii_live_flag' },
      {
        INFERENCE_INFRA_BASE_URL: live.baseUrl,
        INFERENCE_INFRA_PLATFORM_URL: `${live.platformUrl}/`,
        INFERENCE_INFRA_API_KEY: 'ii_live_env',
      },
    );
    expect(target).toMatchObject({
      kind: 'live',
      target: {
        baseUrl: live.baseUrl,
        platformUrl: live.platformUrl,
        apiKey: 'ii_live_flag',
        allowMutations: false,
      },
    });
  });

  it('refuses a live target without its key or one of its addresses', () => {
    expect(() => resolveTarget({ baseUrl: live.baseUrl, platformUrl: live.platformUrl }, {})).toThrow(
      /--api-key/,
    );
    expect(() => resolveTarget({ baseUrl: live.baseUrl, apiKey: 'k' }, {})).toThrow(/--platform-url/);
  });

  it('refuses a platform address that already ends with /api/v1', () => {
    expect(() => resolveTarget({ ...live, platformUrl: `${live.platformUrl}/api/v1` }, {})).toThrow(
      TargetError,
    );
  });

  it('refuses a volume size without a volume, or one that is not a whole number', () => {
    expect(() => resolveTarget({ ...live, volumeSize: '100' }, {})).toThrow(/--volume-id/);
    expect(() => resolveTarget({ ...live, volumeId: 'vol_1', volumeSize: 'big' }, {})).toThrow(
      /--volume-size/,
    );
  });
});

describe('skipReason', () => {
  const check = (partial: Partial<ContractCheck>): ContractCheck => ({
    name: 'a check',
    operationId: 'resizeVolume',
    tags: ['Storage'],
    kind: 'semantic',
    mutates: false,
    requires: [],
    covers: [],
    run: async () => {},
    ...partial,
  });

  it('skips checks that need state against the bundled mock, and runs mutations there', () => {
    const request = resolveTarget({}, {});
    if (request.kind !== 'bundled-mock') throw new Error('expected the mock');
    const mock = request.complete({ baseUrl: 'http://127.0.0.1:1/v1', platformUrl: 'http://127.0.0.1:2' });
    expect(skipReason(check({ requires: ['state'] }), mock)).toBe(skipReasons.staticMock);
    expect(skipReason(check({ mutates: true, requires: ['volume', 'volumeSize'] }), mock)).toBeUndefined();
  });

  it('runs state-changing calls against a live target only with --allow-mutations, and resizes only a named volume', () => {
    const mutating = check({ mutates: true, requires: ['volume', 'volumeSize'] });
    expect(skipReason(mutating, liveTarget(live))).toBe(skipReasons.mutations);
    expect(skipReason(mutating, liveTarget({ ...live, allowMutations: true }))).toBe(skipReasons.volume);
    expect(skipReason(mutating, liveTarget({ ...live, allowMutations: true, volumeId: 'vol_1' }))).toBe(
      skipReasons.volumeSize,
    );
    expect(
      skipReason(
        mutating,
        liveTarget({ ...live, allowMutations: true, volumeId: 'vol_1', volumeSize: '20' }),
      ),
    ).toBeUndefined();
  });
});

describe('bundledMockApiKey', () => {
  it('shares no 8 characters in a row with what a run prints of its own (the tool, the fields it sends)', () => {
    const ownWords =
      'inference-infra-contract-tests @inference-infra/contract-tests contract_tests_unknown_field ' +
      'contract_tests_extra_field vol_contract_tests vol_contract_tests_missing_ the mock answers static examples';
    expect(redactorFor(bundledMockApiKey).redact(ownWords)).toBe(ownWords);
  });
});
