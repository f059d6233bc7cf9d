import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** The mock's command as partners run it (`npx inference-infra-mock`), from the package this one depends on. */
const mockBin = join(
  dirname(createRequire(import.meta.url).resolve('@inference-infra/mock-server/package.json')),
  'bin/inference-infra-mock.js',
);

/** Wait for the mock to print its addresses: it starts in well under a second; a stuck start fails the test. */
const startDeadlineMs = 30_000;

/** `inference-infra-mock` in a child process on free ports, resolved once it prints its addresses. */
export async function startMockCommand(args: readonly string[]) {
  const child = spawn(process.execPath, [mockBin, '--port', '0', '--platform-port', '0', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the mock did not start in ${startDeadlineMs} ms: ${output}`)),
      startDeadlineMs,
    );
    child.stdout.on('data', (chunk) => {
      output += chunk;
      if (output.includes('Press Ctrl+C')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', () => {
      clearTimeout(timer);
      reject(new Error(`the mock exited before listening: ${output}`));
    });
  });
  return {
    output: () => output,
    baseUrl: /baseURL\):\s+(\S+)/.exec(output)?.[1] ?? '',
    platformUrl: /Platform base address:\s+(\S+)/.exec(output)?.[1] ?? '',
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
