import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  fixtureOperation,
  withoutOperation,
  withReadOperation,
  withRenamedOperation,
} from '@inference-infra/test-kit/specVariants';
import bundledSpec from '@inference-infra/types/openapi.json' with { type: 'json' };
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { startMockServer } from '../startMockServer.js';
import { simulate } from '../test/inProcess.js';
import { startMockProcess } from '../test/mockProcess.js';
import { SimulatorOptionError } from './simulatorOptions.js';
import { simulatorAnswerHeader } from './specAnswer.js';

const bundle = bundledSpec as Record<string, unknown>;
const volumePath = '/api/v1/storage/vol_01hx3k9q4m';

/** The spec's schema at a pointer of the bundle, as a validator. */
function schemaAt(document: Record<string, unknown>, pointer: string) {
  const ajv = new Ajv2020.default({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema(document, 'openapi.json');
  return ajv.compile({ $ref: `openapi.json#${pointer}` });
}

describe('an operation of the spec without a stateful handler', () => {
  const spec = withReadOperation(bundle);

  it("is answered with the spec's example, its own request id, and says so in X-Simulator-Answer and the log", async () => {
    const { simulator, call } = simulate({ spec });
    expect(simulator.specServedOperations).toEqual([fixtureOperation.operationId]);
    const { status, body, response } = await call(volumePath);
    expect(status).toBe(200);
    expect(response.headers.get(simulatorAnswerHeader)).toBe('spec-example');
    expect(body.data.id).toBe('vol_01hx3k9q4m');
    expect(schemaAt(spec, '/components/schemas/ResizeVolumeResponse')(body)).toBe(true);
    const logged = simulator.state.requests.at(-1);
    expect(logged).toMatchObject({ operationId: 'getVolume', status: 200, answer: 'spec-example' });
    expect(logged?.requestId).toBe(response.headers.get('x-request-id'));
  });

  it('is answered with a value generated from its schema when the spec gives no example', async () => {
    const generatedSpec = withReadOperation(bundle, { example: false });
    const { call } = simulate({ spec: generatedSpec, now: () => new Date('2026-11-28T12:00:00Z') });
    const { status, body, response } = await call(volumePath);
    expect(status).toBe(200);
    expect(response.headers.get(simulatorAnswerHeader)).toBe('spec-schema');
    const validate = schemaAt(generatedSpec, '/components/schemas/ResizeVolumeResponse');
    expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
    // The same request, the same answer: generated values come from the seed, not from chance.
    expect((await call(volumePath)).body).toEqual(body);
  });

  it('checks the key, and answers the faults X-Simulate asks for as the spec documents that status', async () => {
    const { call } = simulate({ spec, keys: ['ii_live_only'] });
    const missing = await call(volumePath, { key: null });
    expect(missing.status).toBe(401);
    expect(missing.response.headers.get('www-authenticate')).toBe('Bearer');
    expect((await call(volumePath, { key: 'ii_live_other' })).status).toBe(401);
    const notFound = await call(volumePath, { key: 'ii_live_only', simulate: 'status=404' });
    expect(notFound.status).toBe(404);
    // The spec's `x-error-code` of the reusable 404 answer, which the contract suite holds every 404 to.
    expect(notFound.body.error).toMatchObject({ type: 'not_found_error', code: 'volume_not_found' });
    expect(notFound.body.error.requestId).toBe(notFound.response.headers.get('x-request-id'));
    const limited = await call(volumePath, { key: 'ii_live_only', simulate: 'status=429;retry-after=2' });
    expect(limited.status).toBe(429);
    expect(limited.response.headers.get('retry-after')).toBe('2');
    expect(limited.body.error.type).toBe('rate_limit_error');
  });

  it('leaves the operations with a handler stateful: the resize on the same path still remembers', async () => {
    const { post, call } = simulate({ spec });
    const resized = await call(volumePath, { method: 'PATCH', body: JSON.stringify({ size_gb: 300 }) });
    expect(resized.status).toBe(200);
    expect(resized.response.headers.get(simulatorAnswerHeader)).toBeNull();
    expect((await call(volumePath, { method: 'DELETE' })).response.headers.get('allow')).toBe('GET, PATCH');
    expect((await post('/embeddings', { model: 'm', input: 'x' })).status).toBe(200);
  });
});

describe('a renamed operation', () => {
  const spec = withRenamedOperation(bundle, 'listBillingTransactions', 'listLedgerEntries');

  it("is served from the spec under its new name (handlers are found by operationId), with the spec's request rules", async () => {
    const { simulator, call } = simulate({ spec });
    expect(simulator.specServedOperations).toEqual(['listLedgerEntries']);
    const page = await call('/api/v1/billing/transactions?limit=5');
    expect(page.status).toBe(200);
    expect(page.response.headers.get(simulatorAnswerHeader)).toBe('spec-example');
    // The list's own request id, not the example's: the body and the header name the same call.
    expect(page.body.meta.requestId).toBe(page.response.headers.get('x-request-id'));
    expect(simulator.state.requests.at(-1)?.operationId).toBe('listLedgerEntries');
  });

  it('refuses what the spec refuses with 400 naming the field and the rule, and takes what it allows (generated cases)', async () => {
    const { call } = simulate({ spec });
    const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
    console.log(`specServed property: seed ${seed} (FUZZ_SEED=${seed} replays it)`);
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: -50, max: 150 }),
        fc.constantFrom('usage', 'refund', 'nope'),
        async (limit, type) => {
          const { status, body } = await call(`/api/v1/billing/transactions?limit=${limit}&type=${type}`);
          const limitOk = limit >= 1 && limit <= 100;
          if (limitOk && type !== 'nope') {
            expect(status).toBe(200);
            return;
          }
          expect(status).toBe(400);
          expect(body.error.type).toBe('invalid_request_error');
          const field = limitOk ? 'type' : 'limit';
          expect(body.error.message).toContain(`${field}: must be`);
          if (limitOk || body.error.param === 'limit') expect(body.error.param).toBe(field);
        },
      ),
      { seed, numRuns: 60 },
    );
    const fraction = await call('/api/v1/billing/transactions?limit=1.5');
    expect(fraction.body.error).toMatchObject({ param: 'limit', code: 'invalid_type' });
  });
});

describe('a removed operation', () => {
  it('is no longer served: its path answers 404 as any unknown path', async () => {
    const { simulator, post } = simulate({ spec: withoutOperation(bundle, 'generateImages') });
    expect(simulator.routes.map((route) => route.operationId)).not.toContain('generateImages');
    const gone = await post('/images/generations', { model: 'm', prompt: 'p' });
    expect(gone.status).toBe(404);
    expect(gone.body.error.code).toBe('unknown_path');
  });
});

describe('the spec option', () => {
  it('refuses a document it cannot serve, naming the option', () => {
    expect(() => simulate({ spec: [] as never })).toThrow(SimulatorOptionError);
    expect(() => simulate({ spec: { paths: { '/x': { get: {} } } } })).toThrow(
      /^spec must be a bundled OpenAPI document this simulator can serve: spec: GET \/x has no operationId/,
    );
  });

  it('is what startMockServer and the mock CLI serve (`specPath`, `--spec`), new operations included', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'spec-served-'));
    const specPath = join(dir, 'openapi.json');
    writeFileSync(specPath, JSON.stringify(withReadOperation(bundle)));
    const headers = { authorization: 'Bearer ii_live_mock' };
    const server = await startMockServer({ specPath });
    try {
      const answer = await fetch(`${server.platformUrl}${volumePath}`, { headers });
      expect(answer.status).toBe(200);
      expect(answer.headers.get(simulatorAnswerHeader)).toBe('spec-example');
    } finally {
      await server.close();
    }
    const cli = await startMockProcess(['--spec', specPath, '--key', 'ii_live_mock']);
    try {
      const answer = await fetch(`${cli.platformUrl}${volumePath}`, { headers });
      expect(answer.status).toBe(200);
      expect(answer.headers.get(simulatorAnswerHeader)).toBe('spec-example');
    } finally {
      await cli.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
