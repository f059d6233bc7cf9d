import { type ChildProcess, spawn } from 'node:child_process';
import { freePort } from '../freePort.js';
import { prismCliPath } from './prismPackage.js';

/** Only loopback: a Prism mock accepts any key, and a proxy would relay anyone's calls to its upstream. */
const host = '127.0.0.1';

export interface PrismProcess {
  /** The address Prism listens on, e.g. `http://127.0.0.1:43127`. */
  url: string;
  /** Ends Prism: SIGTERM, then SIGKILL after 5 s. Resolves at once when it has exited already. */
  stop(): Promise<void>;
}

export interface StartPrismOptions {
  /** Port on 127.0.0.1; by default a free one. */
  port?: number;
  /** How long Prism may take to listen before it is killed and the start rejected (default 60 s). */
  startTimeoutMs?: number;
  /**
   * What asked for Prism, named by the `PrismNotInstalledError` thrown when `@stoplight/prism-cli` (an optional peer)
   * is not installed: a CLI passes its flag (`--via-prism-proxy`). Default `startPrism`.
   */
  askedFor?: string;
}

/**
 * Starts the Prism CLI installed beside this package (`@stoplight/prism-cli`, an optional peer), with `prismArgs`
 * such as `['mock', specPath]` or `['proxy', specPath, upstreamUrl]`, on 127.0.0.1. Resolves once it listens; rejects
 * with its output if it exits first or does not listen in time, and with a `PrismNotInstalledError` naming the package
 * to install, before any port is taken, when Prism is not installed.
 */
export async function startPrism(
  prismArgs: readonly string[],
  { port, startTimeoutMs = 60_000, askedFor = 'startPrism' }: StartPrismOptions = {},
): Promise<PrismProcess> {
  const cli = prismCliPath(askedFor);
  const listenPort = port ?? (await freePort(host));
  const child = spawn(process.execPath, [cli, ...prismArgs, '--host', host, '--port', String(listenPort)], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, FORCE_COLOR: '0' },
  });
  const name = `prism ${prismArgs[0] ?? ''}`.trim();
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${name} did not start within ${startTimeoutMs} ms:\n${output}`));
    }, startTimeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (!output.includes('Prism is listening')) return;
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      // Prism logs every request: keep draining, so a full pipe never blocks it.
      child.stdout?.resume();
      resolve({ url: `http://${host}:${listenPort}`, stop: () => stopChild(child) });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited with code ${code} before listening:\n${output}`));
    });
  });
}

function stopChild(child: ChildProcess): Promise<void> {
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
