import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface Fixture {
  platformUrl: string;
  baseUrl: string;
  stop(): void;
}

/** Starts the fixture server in its own process and waits for its port. */
export function startFixture(streamChunks: number): Promise<Fixture> {
  const child: ChildProcess = spawn(
    process.execPath,
    [fileURLToPath(new URL('./fixtureServer.mjs', import.meta.url))],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, BENCH_STREAM_CHUNKS: String(streamChunks) },
    },
  );
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`fixture server exited with ${code}`)));
    child.stdout?.once('data', (data: Buffer) => {
      const origin = `http://127.0.0.1:${data.toString().trim()}`;
      resolve({ platformUrl: origin, baseUrl: `${origin}/v1`, stop: () => child.kill('SIGTERM') });
    });
  });
}
