import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContractSpec } from '../model/spec.js';
import { startSimulatorTarget } from '../test/simulatorTarget.js';
import { PreflightError, preflight } from './preflight.js';
import type { Target } from './target.js';

const spec = loadContractSpec();

/** A loopback server answering every request with one status, or never answering at all. */
async function serve(status: number | 'never'): Promise<{ url: string; server: Server; requests: string[] }> {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    if (status === 'never') return;
    const moved =
      status >= 300 && status < 400
        ? { location: 'https://platform.example.com/api/v1/instances/types' }
        : {};
    res.writeHead(status, { 'content-type': 'application/json', ...moved });
    res.end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server, requests };
}

/** A loopback port nothing listens on: bound, then closed, so the next connection is refused. */
async function closedPort(): Promise<string> {
  const { url, server } = await serve(200);
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  return url;
}

const targetAt = (platformUrl: string, baseUrl: string, requestTimeoutMs = 5_000): Target => ({
  kind: 'live',
  baseUrl: `${baseUrl}/v1`,
  platformUrl,
  apiKey: 'ii_live_preflight_key',
  allowMutations: false,
  models: {},
  requestTimeoutMs,
});

describe('preflight', () => {
  const servers: Server[] = [];
  const started = async (status: number | 'never') => {
    const running = await serve(status);
    servers.push(running.server);
    return running;
  };
  afterAll(async () => {
    for (const server of servers) server.closeAllConnections();
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  });

  let ok: Awaited<ReturnType<typeof serve>>;
  beforeAll(async () => {
    ok = await started(400);
  });

  it('passes a conforming server, with one read on the platform and one refused embeddings call', async () => {
    const simulator = await startSimulatorTarget();
    try {
      const exchanges = await preflight(spec, simulator.target);
      expect(exchanges.map((x) => `${x.method} ${new URL(x.url).pathname} ${x.status}`)).toEqual([
        'GET /api/v1/instances/types 200',
        'POST /v1/embeddings 400',
        'PATCH /api/v1/storage/vol_training 409',
      ]);
    } finally {
      await simulator.close();
    }
  });

  it('ends with one sentence when --volume-id names no volume of the key, at no cost to the real one', async () => {
    const simulator = await startSimulatorTarget();
    try {
      const run = preflight(spec, { ...simulator.target, volumeId: 'vol_ci' });
      await expect(run).rejects.toThrow(PreflightError);
      await expect(run).rejects.toThrow(
        /^--volume-id vol_ci does not exist for this key \(PATCH http:\/\/127\.0\.0\.1:\d+\/api\/v1\/storage\/vol_ci answered 404\): give the id of a volume of this key's workspace\.$/,
      );
      // The probe asked for the smallest size, which no server that follows the spec grants: nothing grew.
      const again = await preflight(spec, simulator.target);
      expect(again.at(-1)?.requestBody).toBe('{"size_gb":10}');
      expect(again.at(-1)?.status).toBe(409);
    } finally {
      await simulator.close();
    }
  });

  it('reads the volume size from the service before the resize checks: --volume-size is only a hint, and a stale one is replaced', async () => {
    const simulator = await startSimulatorTarget();
    try {
      const actual = simulator.target.volumeSizeGb;
      for (const hint of [actual - 20, actual + 500, undefined]) {
        const target = { ...simulator.target, volumeSizeGb: hint };
        const exchanges = await preflight(spec, target);
        expect(target.volumeSizeGb, `hint ${hint}`).toBe(actual);
        // A hint larger than the volume was never sent: it would have grown it.
        expect(exchanges.at(-1)?.requestBody).toBe('{"size_gb":10}');
      }
    } finally {
      await simulator.close();
    }
  });

  it('asks for the smallest size the spec allows when the volume size is not given', async () => {
    const simulator = await startSimulatorTarget();
    try {
      const { volumeSizeGb: _, ...withoutSize } = simulator.target;
      const exchanges = await preflight(spec, withoutSize);
      expect(exchanges.at(-1)?.requestBody).toBe('{"size_gb":10}');
      expect(exchanges.at(-1)?.status).toBe(409);
    } finally {
      await simulator.close();
    }
  });

  it('sends no resize without --allow-mutations, even with --volume-id', async () => {
    const simulator = await startSimulatorTarget();
    try {
      const exchanges = await preflight(spec, {
        ...simulator.target,
        allowMutations: false,
        volumeId: 'vol_ci',
      });
      expect(exchanges.map((x) => x.method)).toEqual(['GET', 'POST']);
    } finally {
      await simulator.close();
    }
  });

  it('names the address when nothing listens there (connection refused)', async () => {
    const refused = await closedPort();
    const run = preflight(spec, targetAt(refused, ok.url));
    await expect(run).rejects.toThrow(PreflightError);
    await expect(run).rejects.toThrow(
      `Cannot reach ${refused} (--platform-url): the connection was refused on GET ${refused}/api/v1/instances/types.`,
    );
  });

  it('names the inference address when only it is down', async () => {
    const platform = await started(200);
    const refused = await closedPort();
    await expect(preflight(spec, targetAt(platform.url, refused))).rejects.toThrow(
      `Cannot reach ${refused} (--base-url): the connection was refused on POST ${refused}/v1/embeddings.`,
    );
  });

  it('says the key was refused on a 401 or 403, without going on', async () => {
    for (const status of [401, 403]) {
      const refusing = await started(status);
      const run = preflight(spec, targetAt(refusing.url, refusing.url));
      await expect(run).rejects.toThrow(
        new RegExp(
          `^The API key was refused \\(${status} on GET .*/api/v1/instances/types\\): check --api-key`,
        ),
      );
      expect(refusing.requests).toEqual(['GET /api/v1/instances/types']);
    }
  });

  it('says when an address does not answer in time', async () => {
    const silent = await started('never');
    await expect(preflight(spec, targetAt(silent.url, ok.url, 200))).rejects.toThrow(
      /^Cannot reach http:\/\/127\.0\.0\.1:\d+ \(--platform-url\): no answer came within 200 ms \(--request-timeout\)/,
    );
  });

  it('asks whether the address is right on a 404', async () => {
    const platform = await started(200);
    const missing = await started(404);
    await expect(preflight(spec, targetAt(platform.url, missing.url))).rejects.toThrow(
      /answered 404: is --base-url the inference base address, \/v1 included\?$/,
    );
  });

  it('names a redirect and where it points, following none', async () => {
    const moving = await started(301);
    const inference = await started(200);
    await expect(preflight(spec, targetAt(moving.url, inference.url))).rejects.toThrow(
      /answered 301, a redirect to https:\/\/platform\.example\.com\/api\/v1\/instances\/types: the suite follows no redirect, so give --platform-url the address that answers\.$/,
    );
    // Never followed: the host it points to (outside loopback) is never asked.
    expect(moving.requests).toHaveLength(1);
  });

  it('never shows the key in its message', async () => {
    const refusing = await started(401);
    await expect(preflight(spec, targetAt(refusing.url, refusing.url))).rejects.not.toThrow(
      /ii_live_preflight_key/,
    );
  });
});
