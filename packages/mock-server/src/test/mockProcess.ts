import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const mockBin = fileURLToPath(new URL('../../bin/inference-infra-mock.js', import.meta.url));

export interface MockProcess {
  child: ChildProcess;
  baseUrl: string;
  platformUrl: string;
  inferencePort: number;
  platformPort: number;
  /** What the process printed to stderr so far. */
  stderr(): string;
  /** The exit code, or undefined while it runs. */
  exitCode(): number | null | undefined;
  stop(): Promise<void>;
}

/** Starts the built `inference-infra-mock` as a real process on free ports and resolves once it prints its addresses. */
export async function startMockProcess(args: readonly string[] = []): Promise<MockProcess> {
  const child = spawn(process.execPath, [mockBin, '--port', '0', '--platform-port', '0', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let errors = '';
  let exit: number | null | undefined;
  child.stderr.on('data', (chunk) => (errors += chunk));
  child.once('exit', (code) => (exit = code));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      output += chunk;
      if (output.includes('Press Ctrl+C')) resolve();
    });
    child.once('exit', () => reject(new Error(`the mock exited before listening: ${output}${errors}`)));
  });
  const baseUrl = /baseURL\):\s+(\S+)/.exec(output)?.[1] ?? '';
  const platformUrl = /Platform base address:\s+(\S+)/.exec(output)?.[1] ?? '';
  return {
    child,
    baseUrl,
    platformUrl,
    inferencePort: Number(new URL(baseUrl).port),
    platformPort: Number(new URL(platformUrl).port),
    stderr: () => errors,
    exitCode: () => exit,
    stop: async () => {
      if (exit !== undefined) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
