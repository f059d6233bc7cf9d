import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * workerd's config (capnp text) for one module worker, `worker.js` in the same folder, served on 127.0.0.1 with a
 * port of the kernel's choosing. The worker's only way out is a network service that allows `local` addresses:
 * the mock on loopback is reachable, and nothing else is, whatever the code under test tries.
 */
export function workerdConfig(bindings: Record<string, string>): string {
  const texts = Object.entries(bindings).map(([name, value]) => {
    // Capnp text literals: a quote or backslash would end or escape one. Addresses and keys never hold either.
    if (!/^[A-Z_][A-Z0-9_]*$/.test(name) || /["\\\n]/.test(value)) {
      throw new Error(
        `workerd binding ${name}=${JSON.stringify(value)}: names are CONSTANT_CASE, values hold no quote, backslash or line break`,
      );
    }
    return `    (name = "${name}", text = "${value}"),`;
  });
  return `using Workerd = import "/workerd/workerd.capnp";

const config :Workerd.Config = (
  services = [
    (name = "main", worker = .checks),
    (name = "loopback", network = (allow = ["local"])),
  ],
  sockets = [(name = "http", address = "127.0.0.1:0", http = (), service = "main")],
);

const checks :Workerd.Worker = (
  modules = [(name = "worker.js", esModule = embed "worker.js")],
  # Not after the workerd release pinned in runtimes.json: workerd refuses dates it does not know yet.
  compatibilityDate = "2026-01-01",
  bindings = [
${texts.join('\n')}
  ],
  globalOutbound = "loopback",
);
`;
}

/**
 * Runs `workerd serve` on the config written beside `worker.js` in `dir`, asks the worker once and returns its
 * JSON. The port comes from workerd's control channel (`--control-fd`: one JSON line per socket it listens on), so
 * no port is guessed. workerd is stopped before this returns, whatever happened.
 */
export async function fetchFromWorkerd(
  workerd: string,
  dir: string,
  bindings: Record<string, string>,
  timeoutMs = 60_000,
): Promise<unknown> {
  writeFileSync(join(dir, 'config.capnp'), workerdConfig(bindings));
  const child = spawn(workerd, ['serve', 'config.capnp', '--control-fd=3'], {
    cwd: dir,
    stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
  });
  let output = '';
  for (const stream of [child.stdout, child.stderr]) stream?.on('data', (chunk: Buffer) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    const port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`workerd did not listen within ${timeoutMs} ms:\n${output}`)),
        timeoutMs,
      );
      let control = '';
      child.stdio[3]?.on('data', (chunk: Buffer) => {
        control += chunk.toString();
        const lines = control.split('\n');
        // The last piece is a line still being written.
        control = lines.pop() ?? '';
        for (const line of lines.filter((text) => text.trim())) {
          const event = JSON.parse(line) as { event?: string; socket?: string; port?: number };
          if (event.event === 'listen' && event.socket === 'http' && event.port) {
            clearTimeout(timer);
            resolve(event.port);
          }
        }
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`workerd exited with ${code} before listening:\n${output}`));
      });
    });
    const response = await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(timeoutMs) });
    const text = await response.text();
    if (!response.ok) throw new Error(`the worker answered ${response.status}: ${text}\n${output}`);
    return JSON.parse(text);
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}
