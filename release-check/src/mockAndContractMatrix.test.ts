import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { startInstalledMock } from './installedMock.js';
import { installedRuntime } from './runtimes.js';

/**
 * The mock and the contract-tests CLI, as npm installed them from their tarballs, on every Node line that their
 * `engines` (>=20.19) claims. Each runs on the Node under test, and so does everything it starts: Prism is spawned
 * with the running Node (process.execPath), and that Node's folder leads PATH for anything started by name.
 */
const project = inject('consumerProject');
const nodeLines = ['node20', 'node22', 'node24'];
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

describe.each(nodeLines)('on %s', (name) => {
  it('the installed mock starts and answers both base addresses', async () => {
    const runtime = installedRuntime(name);
    const started = performance.now();
    const mock = await startInstalledMock(project, runtime.executable);
    try {
      const headers = { authorization: `Bearer ii_live_${name}` };
      const types = await fetch(`${mock.platformUrl}/api/v1/instances/types?gpu_type=H100`, { headers });
      expect(types.status).toBe(200);
      const { data } = (await types.json()) as { data: Array<{ gpu_type: string }> };
      expect(data.length).toBeGreaterThan(0);
      expect(data.every((type) => type.gpu_type === 'H100')).toBe(true);
      const embeddings = await fetch(`${mock.baseUrl}/embeddings`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'bge-large-en-v1.5', input: ['hello', 'world'] }),
      });
      expect(embeddings.status).toBe(200);
      expect(((await embeddings.json()) as { data: unknown[] }).data).toHaveLength(2);
    } finally {
      await mock.stop();
    }
    console.log(`[runtime matrix] mock on ${name} ${runtime.version}: ${seconds(started)}`);
  });

  it('the installed contract-tests CLI passes against the mock it starts', () => {
    const runtime = installedRuntime(name);
    const started = performance.now();
    const result = spawnSync(
      runtime.executable,
      [join(project, 'node_modules/@inference-infra/contract-tests/bin/contract-tests.js')],
      {
        cwd: project,
        encoding: 'utf8',
        env: { ...process.env, PATH: `${dirname(runtime.executable)}:${process.env.PATH}`, FORCE_COLOR: '0' },
        timeout: 300_000,
      },
    );
    console.log(`[runtime matrix] contract-tests CLI on ${name} ${runtime.version}: ${seconds(started)}`);
    expect(result.status, `${result.stdout}\n${result.stderr}`).toBe(0);
    expect(result.stdout).toMatch(/\d+ checks: [1-9]\d* passed, 0 failed/);
    expect(result.stdout).toContain('PASS: every executed check held (exit 0)');
  }, 300_000);
});
