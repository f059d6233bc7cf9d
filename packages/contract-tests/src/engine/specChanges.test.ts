import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  fixtureOperation,
  withoutOperation,
  withReadOperation,
  withRenamedOperation,
} from '@inference-infra/test-kit/specVariants';
import { afterAll, describe, expect, it } from 'vitest';
import { buildChecks } from '../checks/index.js';
import { createSchemaValidator } from '../model/schemaValidator.js';
import { bundledSpecPath, contractSpecOf, type JsonObject } from '../model/spec.js';
import { answerFieldEntry, parameterEntry } from '../promises/coverageIds.js';
import { buildCoverageMap } from '../promises/coverageMap.js';
import { assertCliBuilt, runBuiltCli } from '../test/builtCli.js';
import { startMockCommand } from '../test/mockCommand.js';
import { startSimulatorTarget } from '../test/simulatorTarget.js';
import type { CheckEndEvent } from './events.js';
import { runSuite } from './runSuite.js';

const bundle = JSON.parse(readFileSync(bundledSpecPath(), 'utf8')) as JsonObject;
/** One seed for every run here: the generated cases that meet the simulator are the same in every CI run. */
const seed = 34;

/** The suite generated from `document`, run against the simulator built on the same document. */
async function runOn(document: JsonObject, only: string[], maxCases?: number) {
  const spec = contractSpecOf(document);
  const simulator = await startSimulatorTarget(undefined, { spec: document });
  const events: CheckEndEvent[] = [];
  try {
    const result = await runSuite({
      spec,
      target: simulator.target,
      selection: { only, skip: [] },
      reporters: [{ onCheckEnd: (event) => void events.push(event) }],
      seed,
      ...(maxCases === undefined ? {} : { maxCases }),
    });
    return { spec, result, events };
  } finally {
    await simulator.close();
  }
}

const outcomes = (events: CheckEndEvent[]) =>
  events.map(
    (event) => `${event.outcome}: ${event.check.fullName}${event.message ? ` (${event.message})` : ''}`,
  );

describe('a read operation added to the spec', () => {
  const document = withReadOperation(bundle);

  it('gets the generic checks with no code, which the simulator built on that spec passes', async () => {
    const { events, result } = await runOn(document, [fixtureOperation.operationId]);
    expect(result.failed).toEqual([]);
    expect(events.filter((event) => event.outcome !== 'passed').map((e) => e.check.fullName)).toEqual([]);
    const names = events.map((event) => event.check.name);
    expect(names).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^answers the spec's example request with a status it documents/),
        expect.stringMatching(/^answers requests within the spec's bounds .* \(generated cases\)$/),
        'answers 401 without an Authorization header',
        'answers 401 with an unknown key of the documented form',
        'accepts the key with the scheme in lower case (bearer KEY)',
      ]),
    );
    // It sends the new operation, and checks each answer (the 200 and the 401s are exercised, and the request-id
    // properties' unknown id may draw a 404; 429 and 500 no request within the spec can provoke).
    const sent = events.flatMap((event) => event.exchanges).filter((e) => e.operationId === 'getVolume');
    expect(sent.some((e) => e.method === 'GET' && /\/api\/v1\/storage\/[^/]+$/.test(e.url))).toBe(true);
    const asOperation = sent.filter((e) => e.method === 'GET');
    const statuses = new Set(asOperation.map((e) => e.status));
    expect([...statuses]).toEqual(expect.arrayContaining([200, 401]));
    expect([...statuses].every((status) => [200, 401, 404].includes(status))).toBe(true);
    // The other methods of its path are answered 405 with Allow naming GET beside PATCH (requestShapeChecks).
    expect(sent.filter((e) => e.method !== 'GET').every((e) => e.status === 405)).toBe(true);
    expect(result.coverage.notExercised.filter((pair) => pair.startsWith('getVolume '))).toEqual([
      'getVolume 429',
      'getVolume 500',
    ]);
  });

  it('shows in the coverage map which of its promises only generic checks cover, and which none does', () => {
    const spec = contractSpecOf(document);
    const map = buildCoverageMap(spec, buildChecks(spec, createSchemaValidator(spec.document)));
    const entry = (id: string) => map.entries.find((candidate) => candidate.id === id);
    expect(entry(answerFieldEntry('getVolume', '200', 'body', 'data.sizeGb'))).toMatchObject({
      genericOnly: true,
    });
    // What the id does (names a volume that exists) is behaviour: a hand-written check's to cover.
    expect(entry(parameterEntry('getVolume', 'path', 'id', 'honoured'))?.checks).toEqual([]);
    // The operations that have hand-written checks keep them.
    expect(entry(answerFieldEntry('resizeVolume', '200', 'body', 'data.sizeGb'))?.genericOnly).toBe(false);
  });
});

describe('a renamed operation', () => {
  it('is checked under its new name by the generic checks; its hand-written checks, named by the old id, are left out', async () => {
    const document = withRenamedOperation(bundle, 'listBillingTransactions', 'listLedgerEntries');
    const { spec, events, result } = await runOn(document, ['listLedgerEntries']);
    expect(outcomes(events).filter((line) => !line.startsWith('passed'))).toEqual([]);
    expect(result.failed).toEqual([]);
    expect(events.length).toBeGreaterThan(10);
    const checks = buildChecks(spec, createSchemaValidator(spec.document));
    expect(checks.some((check) => check.operationId === 'listBillingTransactions')).toBe(false);
  });
});

describe('a removed operation', () => {
  it('leaves every other check running, and passing against the simulator of that spec', async () => {
    const document = withoutOperation(bundle, 'generateImages');
    const { spec, events, result } = await runOn(document, [], 3);
    expect(spec.operations.map((op) => op.operationId)).not.toContain('generateImages');
    expect(events.some((event) => event.check.operationId === 'generateImages')).toBe(false);
    expect(outcomes(events).filter((line) => line.startsWith('failed'))).toEqual([]);
    expect(result.failed).toEqual([]);
  });
});

describe("partners' command on a spec with a new operation", () => {
  const dir = mkdtempSync(join(tmpdir(), 'spec-changes-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('runs against the mock command serving that spec, sends the new operation and exits 0', async () => {
    assertCliBuilt();
    const specPath = join(dir, 'openapi.json');
    writeFileSync(specPath, JSON.stringify(withReadOperation(bundle)));
    const mock = await startMockCommand(['--spec', specPath, '--key', 'ii_live_partner']);
    try {
      // The mock says which operations it answers from the spec, having no stateful handler for them.
      expect(mock.output()).toMatch(/Answered from the spec .*: getVolume/);
      const run = await runBuiltCli([
        ...['--spec', specPath, '--base-url', mock.baseUrl, '--platform-url', mock.platformUrl],
        ...['--api-key', 'ii_live_partner', '--only', 'getVolume', '--seed', String(seed)],
      ]);
      expect(run.output).toMatch(/PASS getVolume › answers the spec's example request/);
      expect(run.output).not.toMatch(/not exercised: .*getVolume 200/);
      expect(run.code, run.output).toBe(0);
    } finally {
      await mock.stop();
    }
  });
});
