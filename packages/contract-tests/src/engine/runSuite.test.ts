import { describe, expect, it } from 'vitest';
import { mutants } from '../test/mutants.js';
import { startSimulatorTarget } from '../test/simulatorTarget.js';
import type { CheckEndEvent, Reporter, RunEndEvent, RunStartEvent } from './events.js';
import { runSuite } from './runSuite.js';

/** A reporter that keeps every event, for asserting what reporters are told. */
function recorder() {
  const events = {
    start: [] as RunStartEvent[],
    ends: [] as CheckEndEvent[],
    starts: 0,
    runEnd: [] as RunEndEvent[],
  };
  const reporter: Reporter = {
    onRunStart: (e) => void events.start.push(e),
    onCheckStart: () => {
      events.starts += 1;
    },
    onCheckEnd: (e) => void events.ends.push(e),
    onRunEnd: (e) => void events.runEnd.push(e),
  };
  return { events, reporter };
}

const breaking = (name: string) => {
  const mutant = mutants.find((m) => m.name === name);
  if (!mutant) throw new Error(`no mutant "${name}"`);
  return mutant.wrap;
};

describe('runSuite', () => {
  it('tells every reporter of the run start, each check with its exchanges, and the run end', async () => {
    const server = await startSimulatorTarget();
    const { events, reporter } = recorder();
    const second = recorder();
    try {
      const result = await runSuite({
        target: server.target,
        selection: { only: ['listInstanceTypes'], skip: [] },
        reporters: [reporter, second.reporter],
        seed: 1234,
      });
      expect(events.start).toHaveLength(1);
      expect(events.start[0]).toMatchObject({
        seed: 1234,
        target: { kind: 'live', baseUrl: server.target.baseUrl },
      });
      expect(events.start[0]).not.toHaveProperty('target.apiKey');
      expect(events.starts).toBe(events.start[0]?.checkCount);
      expect(events.ends).toHaveLength(events.start[0]?.checkCount ?? -1);
      expect(events.ends.every((e) => e.outcome === 'passed')).toBe(true);
      // Each check made its requests, and they are attributed to it: none is left without an exchange.
      expect(events.ends.every((e) => e.exchanges.length > 0)).toBe(true);
      // The platform address's unknown-path checks are filed under its first operation.
      expect(
        events.ends
          .flatMap((e) => e.exchanges)
          .every((x) => /\/api\/v1\/(instances\/types|contract-tests-no-such-path)/.test(x.url)),
      ).toBe(true);
      expect(events.runEnd[0]).toMatchObject({ exitCode: 0, result: { seed: 1234, failed: [] } });
      expect(events.runEnd[0]?.summary).toContain('Seed: 1234');
      expect(result.passed).toBe(events.ends.length);
      expect(second.events.ends).toHaveLength(events.ends.length);
    } finally {
      await server.close();
    }
  });

  it('redacts the key in every exchange it reports, the Authorization header included', async () => {
    const server = await startSimulatorTarget();
    const { events, reporter } = recorder();
    try {
      await runSuite({
        target: server.target,
        selection: { only: ['listInstanceTypes'], skip: [] },
        reporters: [reporter],
      });
      const exchanges = events.ends.flatMap((e) => e.exchanges);
      const authorizations = exchanges.map((x) => x.requestHeaders.authorization);
      expect(authorizations).toContain('Bearer [redacted]');
      // The "key changed in its last character" check sends all but one character of the key: that is redacted too.
      expect(authorizations).toContain(`Bearer [redacted]${server.target.apiKey.endsWith('x') ? 'y' : 'x'}`);
      expect(JSON.stringify(events)).not.toContain(server.target.apiKey.slice(0, -1));
    } finally {
      await server.close();
    }
  });

  it('attaches a curl reproduction to each failure, with the key as $INFERENCE_INFRA_API_KEY', async () => {
    const server = await startSimulatorTarget(breaking('answers 200 without a key'));
    const { events, reporter } = recorder();
    try {
      const result = await runSuite({
        target: server.target,
        selection: { only: ['listInstanceTypes'], skip: [] },
        reporters: [reporter],
      });
      const failure = result.failed.find((f) =>
        f.name.endsWith('answers 401 without an Authorization header'),
      );
      expect(failure?.reproduction).toMatch(/^ {2}reproduce: curl -sS -X GET .*\/api\/v1\/instances\/types'/);
      expect(failure?.reproduction).toMatch(/\n {2}answer: 200 \{/);
      expect(failure?.message).not.toContain('reproduce:');
      expect(events.runEnd[0]?.exitCode).toBe(1);
    } finally {
      await server.close();
    }
  });

  it('fails a check only on what its name says: a server that takes keyless calls fails the auth checks, not the X-Request-Id one', async () => {
    const server = await startSimulatorTarget(breaking('answers 200 without a key'));
    try {
      const result = await runSuite({
        target: server.target,
        selection: { only: ['listInstanceTypes'], skip: [] },
        reporters: [],
      });
      const names = result.failed.map((failure) => failure.name);
      expect(names.some((name) => /401|Authorization/.test(name))).toBe(true);
      expect(names.filter((name) => name.includes('X-Request-Id'))).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it('writes the key in a reproduction as the variable INFERENCE_INFRA_API_KEY expands, never itself', async () => {
    const server = await startSimulatorTarget(
      breaking('drops a required field (deployment_type of instance types)'),
    );
    try {
      const result = await runSuite({
        target: server.target,
        selection: { only: ['listInstanceTypes'], skip: [] },
        reporters: [],
      });
      expect(result.failed.length).toBeGreaterThan(0);
      // The scheme as the check sent it (one check sends it in lower case, which RFC 9110 allows).
      for (const failure of result.failed)
        expect(failure.reproduction).toMatch(/Bearer \$\{INFERENCE_INFRA_API_KEY\}"/i);
      expect(JSON.stringify(result.failed)).not.toContain(server.target.apiKey.slice(0, -1));
    } finally {
      await server.close();
    }
  });

  it('replays its random choices from the seed: the same unknown key for the same seed, another for another', async () => {
    const server = await startSimulatorTarget();
    const unknownKeySent = async (seed: number) => {
      const { events, reporter } = recorder();
      await runSuite({
        target: server.target,
        selection: { only: ['listInstanceTypes', 'resizeVolume'], skip: [] },
        reporters: [reporter],
        seed,
      });
      const sent = (fragment: string) =>
        events.ends
          .filter((e) => e.check.name.includes(fragment))
          .flatMap((e) => e.exchanges.map((x) => `${x.requestHeaders.authorization} ${x.url}`));
      return [...sent('unknown key of the documented form'), ...sent('volume that does not exist')];
    };
    try {
      const first = await unknownKeySent(5);
      // An unknown key for each of the two operations, and one missing volume id.
      expect(first).toHaveLength(3);
      // The documented prefix is no secret and stays readable; the random part shows, being no piece of the key.
      expect(first[0]).toMatch(/^Bearer ii_live_[0-9a-f]{24} /);
      expect(first[2]).toMatch(/\/storage\/vol_contract_tests_missing_[0-9a-f]{8}$/);
      expect(await unknownKeySent(5)).toEqual(first);
      expect(await unknownKeySent(6)).not.toEqual(first);
    } finally {
      await server.close();
    }
  });

  it('says plainly that --volume-size is stale, with the size the server gives, when the first growth is refused', async () => {
    const server = await startSimulatorTarget();
    const stale = server.target.volumeSizeGb - 20;
    try {
      const result = await runSuite({
        target: { ...server.target, volumeSizeGb: stale },
        selection: { only: ['resizeVolume'], skip: [] },
        reporters: [],
      });
      expect(result.failed[0]?.message.split('\n')[0]).toBe(
        `--volume-size ${stale} is stale: the server says ${server.target.volumeId} is ${server.target.volumeSizeGb} GB; pass --volume-size ${server.target.volumeSizeGb}.`,
      );
    } finally {
      await server.close();
    }
  });
});
