import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { UserFolder, userPath } from './userFolder.js';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url)).replace(/\/$/, '');
// Never contacted here: the folder only writes it into npm's configuration.
const folder = new UserFolder({ name: 'user-folder-test', registryUrl: 'http://127.0.0.1:9/' });
afterAll(() => folder.remove());

describe('UserFolder', () => {
  it('is a fresh folder outside the repository, with no package.json of the repository above it', () => {
    expect(folder.dir.startsWith(repoRoot)).toBe(false);
    expect(existsSync(folder.dir)).toBe(true);
    expect(
      userPath()
        .split(':')
        .some((entry) => entry.startsWith(repoRoot)),
    ).toBe(false);
  });

  it("turns off the telemetry our dependencies would send past loopback: Next.js and Prism's install script", async () => {
    const { stdout } = await folder.run('echo "$NEXT_TELEMETRY_DISABLED $SCARF_ANALYTICS"', {
      timeoutMs: 30_000,
    });
    expect(stdout.trim()).toBe('1 false');
  });

  it("runs commands in a user's shell: the machine's node, a new npm configuration, the test registry", async () => {
    const { stdout } = await folder.run(
      'command -v node; echo "$NPM_CONFIG_USERCONFIG"; echo "$npm_config_registry"',
      {
        timeoutMs: 30_000,
      },
    );
    const [node, npmrc, registry] = stdout.trim().split('\n');
    expect(node?.startsWith(repoRoot)).toBe(false);
    // npm reads its cache before asking the registry: one store for every folder (see UserFolder).
    expect(readFileSync(npmrc ?? '', 'utf8')).toBe('update-notifier=false\nprefer-offline=true\n');
    expect(registry).toBe('http://127.0.0.1:9/');
    expect(folder.asRun('npm install --registry http://127.0.0.1:4873')).toBe(
      'npm install --registry http://127.0.0.1:9',
    );
  });

  it('rejects a command that fails, with its exit and what it printed', async () => {
    await expect(folder.run('echo trouble >&2; exit 3', { timeoutMs: 30_000 })).rejects.toThrow(
      /exited 3:\ntrouble/,
    );
  });

  it('starts a server once its output says it is ready, and stops it with what it started', async () => {
    const server = await folder.start('echo "listening on 1234"; sleep 60', {
      ready: /listening on (\d+)/,
      timeoutMs: 30_000,
    });
    expect(server.ready[1]).toBe('1234');
    await server.stop();
    expect(server.output()).toContain('listening on 1234');
  });

  it('says what a server printed when it ends before it is ready', async () => {
    await expect(
      folder.start('echo "no port for you"; exit 1', { ready: /listening/, timeoutMs: 30_000 }),
    ).rejects.toThrow(/ended \(exit 1\) before it was ready:\nno port for you/);
  });

  it("holds our packages in the lockfile to the build the registry serves now, not npm's cache", async () => {
    // A registry on a free loopback port serving one packument of ours, today's integrity 'sha512-today'.
    const registry = createServer((request, response) => {
      if (request.url !== '/@inference-infra%2ffetch-client') return response.writeHead(404).end();
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ versions: { '0.1.0': { dist: { integrity: 'sha512-today' } } } }));
    });
    await new Promise<void>((resolve) => registry.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(registry.address() as AddressInfo).port}/`;
    const installed = new UserFolder({ name: 'user-folder-lock', registryUrl: url });
    const lockWith = (integrity: string) =>
      writeFileSync(
        join(installed.dir, 'package-lock.json'),
        JSON.stringify({
          packages: {
            '': {},
            'node_modules/@inference-infra/fetch-client': { version: '0.1.0', integrity },
            'node_modules/left-pad': { version: '1.3.0', integrity: 'sha512-theirs' },
          },
        }),
      );
    try {
      // No lockfile: nothing of ours was installed.
      await expect(installed.expectTodaysBuild()).resolves.toBeUndefined();
      lockWith('sha512-today');
      await expect(installed.expectTodaysBuild()).resolves.toBeUndefined();
      lockWith('sha512-yesterday');
      await expect(installed.expectTodaysBuild()).rejects.toThrow(
        /not today's build:\nnode_modules\/@inference-infra\/fetch-client: .*sha512-yesterday.*sha512-today/,
      );
    } finally {
      await installed.remove();
      await new Promise((resolve) => registry.close(resolve));
    }
  });
});
