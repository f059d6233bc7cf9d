import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultUpstream, verdaccioConfig } from './verdaccioConfig.ts';

export interface LocalRegistryOptions {
  /** The loopback port; 0 (the default) takes any free one. */
  port?: number;
  /** Where the packages are kept; a new temporary folder by default, removed by `close()`. */
  storage?: string;
  /** Where every other package comes from. */
  upstream?: string;
  /** How long the registry may take to listen, in ms. */
  startTimeoutMs?: number;
  /** Each line the registry prints (its warnings), for a log. */
  onLine?: (line: string) => void;
}

export interface LocalRegistry {
  /** `http://127.0.0.1:<port>/`: what `--registry` takes. */
  url: string;
  port: number;
  /**
   * A user configuration file (`NPM_CONFIG_USERCONFIG`) holding the registry and the token of the user it made, for
   * publishing. Installing needs neither: `--registry <url>` is enough.
   */
  npmrc: string;
  /** The environment that points npm, pnpm, yarn 1 and bun at this registry and lets them publish to it. */
  env: Record<string, string>;
  close(): Promise<void>;
}

const serveScript = fileURLToPath(new URL('./serveRegistry.ts', import.meta.url));

/**
 * Starts Verdaccio on loopback, in its own process, with the one user that may publish (see `publishingUser`). Every wait has a deadline:
 * a registry that does not listen in time is stopped and its output is in the error.
 */
export async function startLocalRegistry(options: LocalRegistryOptions = {}): Promise<LocalRegistry> {
  const ownStorage = options.storage === undefined;
  const storage = options.storage ?? mkdtempSync(join(tmpdir(), 'inference-infra-registry-'));
  mkdirSync(storage, { recursive: true });
  const upstream = options.upstream ?? process.env.INFERENCE_INFRA_UPSTREAM_REGISTRY ?? defaultUpstream;
  const configPath = join(storage, 'config.yaml');
  const publisher = publishingUser();
  writeFileSync(join(storage, 'htpasswd'), publisher.htpasswdLine, { mode: 0o600 });
  writeFileSync(configPath, verdaccioConfig(storage, upstream, publisher.name));

  const child = spawn(process.execPath, [serveScript, configPath, String(options.port ?? 0)], {
    cwd: storage,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const removeStorage = () => {
    if (ownStorage) rmSync(storage, { recursive: true, force: true });
  };
  let port: number;
  try {
    port = await firstPort(child, options.startTimeoutMs ?? 60_000, options.onLine);
  } catch (error) {
    child.kill('SIGKILL');
    removeStorage();
    throw error;
  }
  const url = `http://127.0.0.1:${port}/`;
  const close = async () => {
    await stop(child);
    removeStorage();
  };
  try {
    const token = await logIn(url, publisher);
    const npmrc = join(storage, 'npmrc');
    writeFileSync(npmrc, `registry=${url}\n//127.0.0.1:${port}/:_authToken=${token}\n`, { mode: 0o600 });
    const env = {
      NPM_CONFIG_USERCONFIG: npmrc,
      // npm and npx hand their own settings down in lowercase (`npm_config_userconfig=~/.npmrc` under `npx vitest`),
      // which the package managers read before the uppercase name: without this, a publish run from under npx went
      // to the npm registry.
      npm_config_userconfig: npmrc,
      npm_config_registry: url,
      BUN_CONFIG_REGISTRY: url,
      YARN_NPM_REGISTRY_SERVER: url.replace(/\/$/, ''),
      YARN_UNSAFE_HTTP_WHITELIST: '127.0.0.1',
    };
    return { url, port, npmrc, env, close };
  } catch (error) {
    await close();
    throw error;
  }
}

function firstPort(child: ChildProcess, timeoutMs: number, onLine?: (line: string) => void): Promise<number> {
  return new Promise((resolve, reject) => {
    let output = '';
    let found = false;
    const timer = setTimeout(
      () => reject(new Error(`the local registry did not listen within ${timeoutMs} ms:\n${output}`)),
      timeoutMs,
    );
    const read = (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      output = `${output}${text}`.slice(-20_000);
      for (const line of text.split('\n').filter(Boolean)) {
        const port = found ? undefined : /^\{"port":(\d+)\}$/.exec(line.trim())?.[1];
        if (port) {
          found = true;
          clearTimeout(timer);
          resolve(Number(port));
        } else onLine?.(line);
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      if (!found)
        reject(new Error(`the local registry stopped before it listened (exit ${code}):\n${output}`));
    });
  });
}

/**
 * The one user that may publish: a name and a password made for this run (neither guessable nor shared), written into
 * the password file before the registry starts, since sign-up is closed. The password is 32 random bytes, so a fast
 * hash (`{SHA}`) is as safe as a slow one here, and verifying it on each publish takes no time: bcrypt's did, and
 * Verdaccio warned of every slow check.
 */
function publishingUser(): { name: string; password: string; htpasswdLine: string } {
  const name = `release-${randomBytes(6).toString('hex')}`;
  const password = randomBytes(32).toString('base64url');
  const hash = createHash('sha1').update(password, 'utf8').digest('base64');
  return { name, password, htpasswdLine: `${name}:{SHA}${hash}\n` };
}

/** The npm login exchange (`PUT /-/user/org.couchdb.user:<name>`) as the existing user: its token, for this run. */
async function logIn(url: string, user: { name: string; password: string }): Promise<string> {
  const answer = await fetch(new URL(`-/user/org.couchdb.user:${user.name}`, url), {
    method: 'PUT',
    headers: {
      'content-type': 'application/json',
      authorization: `Basic ${Buffer.from(`${user.name}:${user.password}`).toString('base64')}`,
    },
    body: JSON.stringify({ name: user.name, password: user.password, type: 'user' }),
    signal: AbortSignal.timeout(30_000),
  });
  const body = (await answer.json()) as { token?: string; error?: string };
  if (!answer.ok || !body.token) {
    throw new Error(`the local registry refused its publishing user: ${answer.status} ${body.error ?? ''}`);
  }
  return body.token;
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}
