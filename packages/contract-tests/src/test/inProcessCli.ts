import { format } from 'node:util';
import { vi } from 'vitest';
import { runCli } from '../cli/runCli.js';
import { type CliRun, cliEnv } from './builtCli.js';

/**
 * The command's `runCli` in this process, with the environment, stdout and stderr the built command gets in a child
 * (`runBuiltCli`): what it writes to the console is caught as the child's streams would hold it. For the many cases of
 * a property whose other cases prove the child-process path (exit codes, streams, a crash, a hang): a child costs a
 * Node start, the modules' load and the spec's schemas compiled anew, several times the run itself.
 */
export async function runCliInProcess(
  args: string[],
  extraEnv: Record<string, string> = {},
): Promise<CliRun> {
  const streams = { stdout: '', stderr: '' };
  const writeTo =
    (stream: keyof typeof streams) =>
    (...parts: unknown[]) => {
      streams[stream] += `${format(...parts)}\n`;
    };
  const spies = [
    ...(['log', 'info', 'debug'] as const).map((m) =>
      vi.spyOn(console, m).mockImplementation(writeTo('stdout')),
    ),
    ...(['error', 'warn'] as const).map((m) => vi.spyOn(console, m).mockImplementation(writeTo('stderr'))),
  ];
  try {
    const code = await runCli(args, cliEnv(extraEnv), {
      isTTY: false,
      write: (text: string) => {
        streams.stdout += text;
        return true;
      },
    });
    const { stdout, stderr } = streams;
    return { code, stdout, stderr, output: `${stdout}${stderr}` };
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
}
