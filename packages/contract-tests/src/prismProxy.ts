import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { bundledSpecPath } from './spec.js';
import type { Target } from './target.js';

export interface PrismProxies {
  /** The target with both base addresses replaced by the proxies in front of them. */
  target: Target;
  close(): Promise<void>;
}

/** Prism ships with the mock server; it is resolved from there rather than installed twice. */
function prismCliPath(): string {
  const mockServer = createRequire(import.meta.url).resolve('@inference-infra/mock-server');
  const prism = createRequire(mockServer).resolve('@stoplight/prism-cli/package.json');
  return join(dirname(prism), 'dist', 'index.js');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** `prism proxy` on a free loopback port in front of one upstream; resolves once it listens. */
async function startProxy(
  upstream: string,
  startTimeoutMs = 60_000,
): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [prismCliPath(), 'proxy', bundledSpecPath(), upstream, '--host', '127.0.0.1', '--port', String(port)],
    { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: '0' } },
  );
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`prism proxy did not start within ${startTimeoutMs} ms:\n${output}`));
    }, startTimeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (!output.includes('Prism is listening')) return;
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      // Prism logs every request: keep draining, so a full pipe never blocks it.
      child.stdout?.resume();
      resolve({ url: `http://127.0.0.1:${port}`, child });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`prism proxy exited with code ${code} before listening:\n${output}`));
    });
  });
}

/**
 * Routes a live target through `prism proxy`, one per base address. Each proxy takes the spec's paths and forwards
 * them to its upstream (the inference one with its `/v1`), and reports what it finds against the spec in the
 * `sl-violations` header, which the suite turns into failures for the answer's part.
 */
export async function startPrismProxies(target: Target): Promise<PrismProxies> {
  const started: ChildProcess[] = [];
  try {
    const inference = await startProxy(target.baseUrl);
    started.push(inference.child);
    const platform = await startProxy(target.platformUrl);
    started.push(platform.child);
    return {
      target: { ...target, baseUrl: inference.url, platformUrl: platform.url, viaPrismProxy: true },
      close: async () => {
        await Promise.all(started.map(stop));
      },
    };
  } catch (error) {
    await Promise.all(started.map(stop));
    throw error;
  }
}
