import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { appendFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishPackages } from './publishPackages.ts';
import { type LocalRegistry, startLocalRegistry } from './startLocalRegistry.ts';

// Every attack of issue 45 on a real registry, started as `start.sh --registry` starts it: each one refused, while the
// release tooling's own publish and an install by name still work.

let registry: LocalRegistry;
const scratch = mkdtempSync(join(tmpdir(), 'local-registry-attacks-'));
const registryLines: string[] = [];

beforeAll(async () => {
  registry = await startLocalRegistry({ onLine: (line) => registryLines.push(line) });
});
afterAll(async () => {
  await registry?.close();
  rmSync(scratch, { recursive: true, force: true });
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One request as sent, Host and Origin included (fetch would not send a Host of our choosing). */
function send(method: string, path: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: registry.port, method, path, headers, timeout: 30_000 },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${method} ${path}: no answer in 30 s`)));
    req.on('error', reject);
    req.end(body);
  });
}

const ownHost = () => `127.0.0.1:${registry.port}`;
const basic = (name: string, password: string) =>
  `Basic ${Buffer.from(`${name}:${password}`).toString('base64')}`;

const npm = (args: string[], cwd: string, env: Record<string, string> = {}) =>
  execFileSync('npm', args, { cwd, encoding: 'utf8', env: { ...process.env, ...env }, stdio: 'pipe' });

function packageFolder(name: string, version: string, extra: object = {}): string {
  const folder = join(scratch, `${name.replace(/\W/g, '_')}-${version}-${randomBytes(3).toString('hex')}`);
  mkdirSync(folder);
  writeFileSync(join(folder, 'package.json'), JSON.stringify({ name, version, ...extra }));
  return folder;
}

/** A second user in the password file, as an operator might add one: it may read but never write our packages. */
function otherUser(): { name: string; password: string; npmrc: string } {
  const name = `mallory-${randomBytes(3).toString('hex')}`;
  const password = randomBytes(16).toString('hex');
  const hash = createHash('sha1').update(password).digest('base64');
  appendFileSync(join(dirname(registry.npmrc), 'htpasswd'), `${name}:{SHA}${hash}\n`);
  const npmrc = join(scratch, `${name}.npmrc`);
  const auth = Buffer.from(`${name}:${password}`).toString('base64');
  writeFileSync(npmrc, `registry=${registry.url}\n//127.0.0.1:${registry.port}/:_auth=${auth}\n`);
  return { name, password, npmrc };
}

const asUser = (npmrc: string) => ({
  NPM_CONFIG_USERCONFIG: npmrc,
  npm_config_userconfig: npmrc,
  npm_config_registry: registry.url,
});

describe('the local registry refuses every attack of issue 45', () => {
  it("publishes the workspace with the release tooling's own user, and installs a package of ours by name", async () => {
    const probe = packageFolder('@inference-infra/registry-release-probe', '1.0.0');
    npm(['publish', '--access', 'public'], probe, registry.env);
    const consumer = join(scratch, 'consumer');
    mkdirSync(consumer);
    writeFileSync(join(consumer, 'package.json'), '{"name":"consumer","private":true}');
    npm(
      [
        'install',
        '@inference-infra/registry-release-probe',
        '--registry',
        registry.url,
        '--no-audit',
        '--no-fund',
      ],
      consumer,
    );
    // What `start.sh --registry` runs: pnpm's publish of every public package, with the user the registry made.
    await publishPackages(registry);
    const fetchClient = await send('GET', '/@inference-infra%2ffetch-client', { host: ownHost() });
    expect(fetchClient.status).toBe(200);
    // The publishing user's password is checked fast: no slow-verification warning reaches the log.
    expect(registryLines.filter((line) => /took \d+ms to verify/i.test(line))).toEqual([]);
  }, 600_000);

  it('refuses a sign-up', async () => {
    const name = `signup-${randomBytes(3).toString('hex')}`;
    const answer = await send(
      'PUT',
      `/-/user/org.couchdb.user:${name}`,
      { host: ownHost(), 'content-type': 'application/json' },
      JSON.stringify({ name, password: 'a-long-enough-password', type: 'user' }),
    );
    expect(answer.status, answer.body).toBeGreaterThanOrEqual(400);
    expect(answer.body).not.toMatch(/token/);
  });

  it('refuses @inference-infra/fetch-client@9.9.9 with a postinstall script from anyone but the release user', async () => {
    const hostile = packageFolder('@inference-infra/fetch-client', '9.9.9', {
      scripts: { postinstall: 'echo owned' },
    });
    const mallory = otherUser();
    expect(() => npm(['publish', '--access', 'public'], hostile, asUser(mallory.npmrc))).toThrow(
      /E403|403|not allowed to publish/i,
    );
    const empty = join(scratch, 'empty.npmrc');
    writeFileSync(empty, '');
    expect(() => npm(['publish', '--access', 'public'], hostile, asUser(empty))).toThrow(
      /ENEEDAUTH|E401|401|auth/i,
    );
    const held = await send('GET', '/@inference-infra%2ffetch-client', { host: ownHost() });
    expect(held.body).not.toContain('9.9.9');
  });

  it('refuses an unpublish from anyone but the release user', async () => {
    const name = '@inference-infra/registry-unpublish-probe';
    npm(['publish', '--access', 'public'], packageFolder(name, '1.0.0'), registry.env);
    const mallory = otherUser();
    expect(() => npm(['unpublish', `${name}@1.0.0`, '--force'], scratch, asUser(mallory.npmrc))).toThrow(
      /E403|403|not allowed/i,
    );
    const document = await send('GET', `/${name.replace('/', '%2f')}`, { host: ownHost() });
    const rev = (JSON.parse(document.body) as { _rev: string })._rev;
    for (const authorization of [undefined, basic(mallory.name, mallory.password)]) {
      const answer = await send('DELETE', `/${name.replace('/', '%2f')}/-rev/${rev}`, {
        host: ownHost(),
        ...(authorization ? { authorization } : {}),
      });
      expect(answer.status, answer.body).toBeGreaterThanOrEqual(400);
    }
    expect(npm(['view', name, 'version', '--registry', registry.url], scratch).trim()).toBe('1.0.0');
  });

  it('gives no page CORS: a preflight for PUT or DELETE is refused, and no answer allows any origin', async () => {
    for (const method of ['PUT', 'DELETE']) {
      const preflight = await send('OPTIONS', '/@inference-infra%2ffetch-client', {
        host: ownHost(),
        origin: 'http://evil.example',
        'access-control-request-method': method,
      });
      expect(preflight.status).toBe(403);
      expect(Object.keys(preflight.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
    }
    const page = await send('GET', '/-/ping', { host: ownHost(), origin: 'http://evil.example' });
    expect(page.status).toBe(403);
    const noCors = await send('PUT', '/-/ping', { host: ownHost(), 'sec-fetch-site': 'cross-site' });
    expect(noCors.status).toBe(403);
    const plain = await send('GET', '/-/ping', { host: ownHost() });
    expect(plain.status).toBe(200);
    expect(Object.keys(plain.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
  });

  it('answers loopback Host names only (DNS rebinding)', async () => {
    for (const host of ['evil.example', `evil.example:${registry.port}`, '127.0.0.1.evil.example']) {
      const answer = await send('GET', '/@inference-infra%2fregistry-release-probe', { host });
      expect(answer.status, host).toBe(403);
      expect(answer.body).toMatch(/Host/);
    }
    expect((await send('GET', '/-/ping', { host: `localhost:${registry.port}` })).status).toBe(200);
  });
});
