import { spawn } from 'node:child_process';

export interface RunOptions {
  cwd: string;
  env?: Record<string, string | undefined>;
  /** Ends the command (its whole process group) after this long, in ms. */
  timeoutMs: number;
  onLine?: (line: string) => void;
}

/**
 * The environment less what a parent package manager passed down: `npx` and `pnpm run` hand their children
 * `npm_config_registry`, `npm_config_userconfig` and the like, which would send a publish to the public registry
 * or read another user's configuration. A step here gets only the settings it is given.
 */
export function withoutInheritedPackageManagerSettings(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(env).filter(([key]) => !/^(npm|pnpm|yarn|bun)_(config|package|lifecycle)_/i.test(key)),
  );
}

/**
 * Runs a command to its end and returns what it printed (both streams). A failure or a time-out throws with the
 * command, the folder and the end of its output: what a person needs to see why.
 */
export function runCommand(command: string, args: string[], options: RunOptions): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: { ...withoutInheritedPackageManagerSettings(process.env), ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let output = '';
    let pending = '';
    const read = (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      // The whole output is kept to 4 MB: enough to show why a step failed, bounded for a runaway one.
      output = `${output}${text}`.slice(-4_000_000);
      if (!options.onLine) return;
      const lines = `${pending}${text}`.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) if (line.trim()) options.onLine(line);
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-(child.pid as number), 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    }, options.timeoutMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`${command} could not start in ${options.cwd}: ${error.message}`));
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) return resolve(output);
      const why = timedOut
        ? `did not finish within ${options.timeoutMs} ms`
        : `failed (exit ${code ?? signal})`;
      reject(new Error(`${command} ${args.join(' ')} ${why} in ${options.cwd}:\n${output.slice(-20_000)}`));
    });
  });
}
