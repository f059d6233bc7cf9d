import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalRegistry, startLocalRegistry } from './startLocalRegistry.ts';

let registry: LocalRegistry;
const scratch = mkdtempSync(join(tmpdir(), 'local-registry-test-'));

beforeAll(async () => {
  registry = await startLocalRegistry();
});
afterAll(async () => {
  await registry?.close();
  rmSync(scratch, { recursive: true, force: true });
});

/**
 * fetch, sent again once when it went out on a pooled connection the registry had just closed for being idle (its
 * keep-alive ends after a few seconds, and a publish test in between outlasts it): "other side closed".
 */
async function fetchFromRegistry(url: URL): Promise<Response> {
  try {
    return await fetch(url);
  } catch (error) {
    if ((error as { cause?: { code?: string } }).cause?.code !== 'UND_ERR_SOCKET') throw error;
    return fetch(url);
  }
}

const npm = (args: string[], cwd: string, env: Record<string, string> = {}) =>
  execFileSync('npm', args, { cwd, encoding: 'utf8', env: { ...process.env, ...env }, stdio: 'pipe' });

describe('startLocalRegistry', () => {
  it('listens on a loopback port of its own and answers the ping', async () => {
    expect(registry.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    expect((await fetch(new URL('-/ping', registry.url))).status).toBe(200);
  });

  it('takes a publish with the token it made, and serves the package by name to a plain npm install', () => {
    const pkg = join(scratch, 'pkg');
    mkdirSync(pkg);
    const manifest = { name: '@inference-infra/registry-probe', version: '1.2.3', main: 'index.js' };
    writeFileSync(join(pkg, 'package.json'), JSON.stringify(manifest));
    writeFileSync(join(pkg, 'index.js'), 'module.exports = "from the local registry";\n');
    npm(['publish', '--access', 'public'], pkg, registry.env);

    const consumer = join(scratch, 'consumer');
    mkdirSync(consumer);
    writeFileSync(join(consumer, 'package.json'), '{"name":"consumer","private":true}');
    // Only the flag, as a user types it: no token, no configuration file.
    npm(
      ['install', '@inference-infra/registry-probe', '--registry', registry.url, '--no-audit', '--no-fund'],
      consumer,
    );
    const installed = JSON.parse(
      readFileSync(join(consumer, 'node_modules/@inference-infra/registry-probe/package.json'), 'utf8'),
    );
    expect(installed.version).toBe('1.2.3');
  });

  it('publishes with its own user configuration where npm handed down another in lowercase (a run under npx)', () => {
    const pkg = join(scratch, 'under-npx');
    mkdirSync(pkg);
    writeFileSync(
      join(pkg, 'package.json'),
      JSON.stringify({ name: '@inference-infra/registry-probe-npx', version: '1.0.0' }),
    );
    // What `npx vitest` puts in the environment of everything it starts: the user's own npmrc, which names no
    // registry (so the npm registry) and no token for this one.
    const handedDown = join(scratch, 'handed-down-npmrc');
    writeFileSync(handedDown, '');
    npm(['publish', '--access', 'public'], pkg, { npm_config_userconfig: handedDown, ...registry.env });
    expect(
      npm(['view', '@inference-infra/registry-probe-npx', 'version', '--registry', registry.url], pkg).trim(),
    ).toBe('1.0.0');
  });

  it('never looks our scope up on the public registry: an unpublished name of ours is a 404', async () => {
    const answer = await fetchFromRegistry(new URL('@inference-infra%2fnot-published-here', registry.url));
    expect(answer.status).toBe(404);
  });

  it('refuses a publish without a token', () => {
    const pkg = join(scratch, 'anonymous');
    mkdirSync(pkg);
    writeFileSync(
      join(pkg, 'package.json'),
      JSON.stringify({ name: '@inference-infra/anonymous', version: '1.0.0' }),
    );
    const emptyConfig = join(scratch, 'empty-npmrc');
    writeFileSync(emptyConfig, '');
    expect(() =>
      npm(['publish', '--access', 'public', '--registry', registry.url], pkg, {
        NPM_CONFIG_USERCONFIG: emptyConfig,
      }),
    ).toThrow(/ENEEDAUTH|401|403|auth/i);
  });

  it('stops and removes its own storage on close', async () => {
    const other = await startLocalRegistry();
    const storage = other.npmrc.replace(/\/npmrc$/, '');
    expect(existsSync(storage)).toBe(true);
    await other.close();
    expect(existsSync(storage)).toBe(false);
    await expect(fetch(new URL('-/ping', other.url))).rejects.toThrow();
  });

  it('names the port in use when it cannot listen', async () => {
    await expect(startLocalRegistry({ port: registry.port })).rejects.toThrow(
      new RegExp(`port ${registry.port} is in use`),
    );
  });
});
