import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';

export interface InstalledMock {
  baseUrl: string;
  platformUrl: string;
  /** What the CLI printed on start-up. */
  banner: string;
  /** SIGTERM, then resolves once the process (and with it the mock's servers) has exited. */
  stop(): Promise<void>;
}

/** Where npm put the mock's command in `project`: run with a chosen Node rather than the shebang's. */
export const mockCliOf = (project: string) =>
  join(project, 'node_modules/@inference-infra/mock-server/bin/inference-infra-mock.js');

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/**
 * Starts `inference-infra-mock --port 0 --platform-port 0` as installed in `project`, on the Node at `node`, and
 * resolves with the addresses it prints. Rejects with its output if it exits first or says nothing within 60 s.
 */
export function startInstalledMock(project: string, node = process.execPath): Promise<InstalledMock> {
  const child = spawn(node, [mockCliOf(project), '--port', '0', '--platform-port', '0'], {
    cwd: project,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const fail = (reason: string) => {
      clearTimeout(timer);
      void stopChild(child).then(() => reject(new Error(`the mock on ${node} ${reason}:\n${output}`)));
    };
    const timer = setTimeout(() => fail('printed no addresses within 60 s'), 60_000);
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      const baseUrl = /baseURL\): (\S+)/.exec(output)?.[1];
      const platformUrl = /Platform base address:\s+(\S+)/.exec(output)?.[1];
      if (!baseUrl || !platformUrl) return;
      clearTimeout(timer);
      child.stdout?.off('data', collect);
      child.stdout?.resume();
      child.off('exit', onExit);
      resolve({ baseUrl, platformUrl, banner: output, stop: () => stopChild(child) });
    };
    const onExit = (code: number | null) => fail(`exited with ${code}`);
    child.stdout?.on('data', collect);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', onExit);
    child.once('error', (error) => fail(`could not start: ${error.message}`));
  });
}
