import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runChecks } from '../engine/runChecks.js';
import { loadContractSpec } from '../model/spec.js';
import { resolveTarget, type TargetFlags } from '../transport/target.js';
import { buildChecks, createCheckContext } from './index.js';

interface Recorded {
  method: string;
  path: string;
  body: string;
}

const key = 'ii_live_partner_secret';
const spec = loadContractSpec();
let server: Server;
let url = '';
const recorded: Recorded[] = [];

/**
 * A live deployment whose authentication fails open and that echoes the credentials it got: it answers every request
 * 200 with the Authorization header in the body. The worst a partner could point the suite at.
 */
beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      recorded.push({
        method: req.method ?? '',
        path: req.url ?? '',
        body: Buffer.concat(chunks).toString(),
      });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ echo: req.headers.authorization ?? null }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function runAgainstFailOpenServer(flags: Partial<TargetFlags>) {
  recorded.length = 0;
  const request = resolveTarget(
    {
      baseUrl: `${url}/v1`,
      platformUrl: url,
      apiKey: key,
      volumeId: 'vol_partner',
      requestTimeoutMs: '5000',
      ...flags,
    },
    {},
  );
  if (request.kind !== 'live') throw new Error('expected a live target');
  const ctx = createCheckContext(spec, request.target);
  return runChecks(buildChecks(spec, ctx.validator), ctx);
}

describe('against a live deployment', () => {
  it('sends no state-changing or billable request without --allow-mutations, authentication checks included', async () => {
    const results = await runAgainstFailOpenServer({});
    expect(recorded.length).toBeGreaterThan(0);
    expect(recorded.filter((request) => request.method !== 'GET')).toEqual([]);
    const stateChanging = results.filter((result) => spec.operation(result.check.operationId).stateChanging);
    expect(stateChanging.length).toBeGreaterThan(0);
    for (const result of stateChanging) expect(result.outcome, result.check.name).toBe('skipped');
  });

  it("never asks for a size the partner's volume could grow to unless the growth checks know its size", async () => {
    await runAgainstFailOpenServer({ allowMutations: true });
    const resizes = recorded.filter(
      (request) => request.method === 'PATCH' && request.path.endsWith('/vol_partner'),
    );
    expect(resizes.length).toBeGreaterThan(0);
    for (const { body } of resizes) {
      // A body that is not JSON (the malformed-body checks) carries no size to grow to; a prefix of one reads 10.
      let size: unknown;
      try {
        size = (JSON.parse(body) as { size_gb?: unknown }).size_gb;
      } catch {
        const prefix = /"size_gb":\s*(\d+)/.exec(body)?.[1];
        size = prefix === undefined ? undefined : Number(prefix);
      }
      // A size above 10 within the bounds is one a server that fails open would grow the volume to.
      const couldGrow = Number.isInteger(size) && (size as number) > 10 && (size as number) <= 10_000;
      expect(couldGrow, body).toBe(false);
    }
  });

  it('shows the key in no failure, though the server echoes it', async () => {
    const results = await runAgainstFailOpenServer({ allowMutations: true });
    const failures = results.filter((result) => result.outcome === 'failed');
    expect(failures.length).toBeGreaterThan(0);
    expect(failures.some((result) => result.detail?.includes('[redacted]'))).toBe(true);
    for (const result of failures) expect(result.detail ?? '').not.toContain(key);
  });
});
