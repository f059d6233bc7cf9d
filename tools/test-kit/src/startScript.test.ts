import { spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The repository's start command, as a newcomer runs it. Only what it decides before installing anything is run
// here (options, ports): the rest builds the whole repository and serves until Ctrl+C.
const startScript = fileURLToPath(new URL('../../../scripts/start.sh', import.meta.url));

/** Each run of start.sh ends or is killed within this; a test's own deadline is this times the runs it makes. */
const runDeadlineMs = 30_000;

function start(args: string[], env: Record<string, string> = {}) {
  const run = spawnSync('bash', [startScript, ...args], {
    encoding: 'utf8',
    env: { ...process.env, ...env },
    timeout: runDeadlineMs,
  });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr.trim() };
}

// A loaded machine can take seconds per run of bash: vitest's 5 s default would fail a correct script.
describe('scripts/start.sh', { timeout: 5 * runDeadlineMs }, () => {
  it('lists its port options and their environment variables', () => {
    const { code, stdout } = start(['--help']);
    expect(code).toBe(0);
    for (const line of [
      /--inference-port\s+N\s+the mock inference API \(default 4010; or INFERENCE_INFRA_INFERENCE_PORT\)/,
      /--platform-port\s+N\s+the mock platform API \(default 4011; or INFERENCE_INFRA_PLATFORM_PORT\)/,
      /--docs-port\s+N\s+the docs site \(default 4012; or INFERENCE_INFRA_DOCS_PORT\)/,
      /--playground-port\s+N\s+the playground \(default 4013; or INFERENCE_INFRA_PLAYGROUND_PORT\)/,
    ])
      expect(stdout).toMatch(line);
  });

  it('refuses a port that is not one, or the same port twice, naming where it came from', () => {
    expect(start(['--docs-port', 'abc'])).toMatchObject({
      code: 2,
      stderr: '--docs-port must be a whole number from 1 to 65535 (got "abc")',
    });
    expect(start([], { INFERENCE_INFRA_PLAYGROUND_PORT: '70000' })).toMatchObject({
      code: 2,
      stderr: 'INFERENCE_INFRA_PLAYGROUND_PORT must be a whole number from 1 to 65535 (got "70000")',
    });
    expect(start(['--docs-port', '4010'])).toMatchObject({
      code: 2,
      stderr: '--inference-port and --docs-port are both 4010: give each its own port',
    });
    expect(start(['--port', '1']).stderr).toMatch(/Unknown option '--port'/);
  });

  it('says in one sentence which port is taken and which option moves it, before installing anything', async () => {
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const { port } = holder.address() as { port: number };
    // Every other port a free one of this moment, never the defaults: a reader's own `start.sh` may hold 4010-4013
    // while the suite runs.
    const [inference, platform, docs] = await freePorts(3);
    const others = ['--inference-port', inference, '--platform-port', platform, '--docs-port', docs].map(
      String,
    );
    try {
      const viaOption = start([...others, '--playground-port', String(port)]);
      expect(viaOption).toMatchObject({
        code: 1,
        stdout: '',
        stderr: `Port ${port} (the playground) is in use on 127.0.0.1: is scripts/start.sh running already? Stop what holds it, or choose another port with --playground-port N (or INFERENCE_INFRA_PLAYGROUND_PORT=N).`,
      });
      const [playground] = await freePorts(1);
      const viaEnv = start(
        [
          '--inference-port',
          String(inference),
          '--docs-port',
          String(docs),
          '--playground-port',
          String(playground),
        ],
        {
          INFERENCE_INFRA_PLATFORM_PORT: String(port),
        },
      );
      expect(viaEnv.code).toBe(1);
      expect(viaEnv.stderr).toMatch(new RegExp(`^Port ${port} \\(the mock platform API\\) is in use`));
    } finally {
      await new Promise((resolve) => holder.close(resolve));
    }
  });
});

/** Ports free on 127.0.0.1 at this moment: each listened on and let go. */
async function freePorts(count: number): Promise<number[]> {
  const servers = Array.from({ length: count }, () => createServer());
  const ports = await Promise.all(
    servers.map(
      (server) =>
        new Promise<number>((resolve) =>
          server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)),
        ),
    ),
  );
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}
