import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const bin = fileURLToPath(new URL('../bin/inference-infra-mock.js', import.meta.url));

/** A run that starts Prism ends or is killed within this (Prism's start is seconds of CPU). */
const prismRunDeadlineMs = 60_000;

describe('inference-infra-mock', () => {
  it.each([
    [['--seed', 'x'], /--seed must be a whole number \(got "x"\)/],
    [['--engine', 'wiremock'], /--engine must be simulator or prism/],
    [['--engine', 'prism', '--key', 'ii_live_a'], /--key applies to the simulator only/],
    [['--scenario', 'chaos', '--port', '0', '--platform-port', '0'], /scenario must be one of rate-limited/],
    [
      ['--key', 'secret', '--port', '0', '--platform-port', '0'],
      /^--key must look like <prefix>_live_<random>/,
    ],
    [['--port', '70000'], /--port must be a whole number from 0 to 65535/],
    [['--port', '4999', '--platform-port', '4999'], /--port and --platform-port must differ/],
    [
      ['--seed', '99999999999999999999', '--port', '0', '--platform-port', '0'],
      /^--seed must be a whole number from 0 to 4294967295 \(got "99999999999999999999"\)/,
    ],
    [
      ['--key', 'ii_live_ok', '--key', 'bad', '--port', '0', '--platform-port', '0'],
      /^--key \(value 2\) must look like <prefix>_live_<random>/,
    ],
    [
      ['--max-body-bytes', '5', '--port', '0', '--platform-port', '0'],
      /^--max-body-bytes must be a whole number from 1024 to 67108864 \(got "5"\)/,
    ],
    [
      ['--engine', 'prism', '--allow-origin', 'nope', '--port', '0', '--platform-port', '0'],
      /^--allow-origin must be an origin such as/,
    ],
    [
      ['--engine', 'prism', '--spec', '/nonexistent/openapi.json', '--port', '0', '--platform-port', '0'],
      /^--spec cannot be read: \/nonexistent\/openapi.json \(ENOENT\)/,
    ],
    [
      ['--engine', 'prism', '--spec', fileURLToPath(import.meta.url), '--port', '0', '--platform-port', '0'],
      /^--spec must be a bundled OpenAPI document in JSON: .* is not JSON/,
    ],
    [['--colour'], /Unknown option '--colour'/],
    [
      ['--fault', 'createChatCompletion:stream-stall-ms=x'],
      /^--fault "createChatCompletion:stream-stall-ms=x": stream-stall-ms must be a whole number/,
    ],
    [['--engine', 'prism', '--fault', 'status=500'], /--fault applies to the simulator only/],
  ])('refuses %j with exit 2, naming the flag and the rule', (args, message) => {
    const run = spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', timeout: 20_000 });
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(message);
    expect(run.stderr).not.toMatch(/\n\s+at \S|node:internal|file:\/\/\//);
  });

  it(
    'says in a few lines, with no stack, that Prism refused the document --spec named (exit 1)',
    () => {
      const folder = mkdtempSync(join(tmpdir(), 'mock-cli-'));
      const spec = join(folder, 'empty.json');
      writeFileSync(spec, '{}');
      const run = spawnSync(
        process.execPath,
        [bin, '--engine', 'prism', '--spec', spec, '--port', '0', '--platform-port', '0'],
        { encoding: 'utf8', timeout: prismRunDeadlineMs },
      );
      rmSync(folder, { recursive: true, force: true });
      expect(run.status).toBe(1);
      expect(run.stderr).toMatch(/^inference-infra-mock could not start: prism mock exited with code 1/);
      expect(run.stderr).not.toMatch(/\n\s+at \S|node:internal|file:\/\/\//);
      expect(run.stderr.split('\n').length).toBeLessThanOrEqual(10);
      // The test's deadline is the run's: Prism's start took over the suite's 30 s on a loaded machine.
    },
    prismRunDeadlineMs + 10_000,
  );

  it('prints its version with --version', () => {
    const run = spawnSync(process.execPath, [bin, '--version'], { encoding: 'utf8', timeout: 20_000 });
    expect(run.status).toBe(0);
    expect(run.stdout.trim()).toBe(
      JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version,
    );
  });

  it('serves the simulator and prints both addresses, then stops on SIGTERM', async () => {
    const child = spawn(process.execPath, [bin, '--port', '0', '--platform-port', '0', '--seed', '5'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk) => {
        output += chunk;
        if (output.includes('Press Ctrl+C')) resolve();
      });
      child.once('exit', () => reject(new Error(`exited before listening: ${output}`)));
    });
    const platformUrl = /Platform base address:\s+(\S+)/.exec(output)?.[1] ?? '';
    expect(output).toMatch(/the simulator, seed 5/);
    const response = await fetch(`${platformUrl}/api/v1/instances/types?gpu_count=8`, {
      headers: { authorization: 'Bearer ii_live_cli' },
    });
    expect(response.status).toBe(200);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });

  it('applies --fault to every request of the operation it names: a stream ends with the error event', async () => {
    const child = spawn(
      process.execPath,
      [bin, '--port', '0', '--platform-port', '0', '--fault', 'createChatCompletion:stream-error-after=1'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk) => {
        output += chunk;
        if (output.includes('Press Ctrl+C')) resolve();
      });
      child.once('exit', () => reject(new Error(`exited before listening: ${output}`)));
    });
    const baseUrl = /\(OpenAI-style clients: baseURL\):\s+(\S+)/.exec(output)?.[1] ?? '';
    const answer = await fetch(`${baseUrl}/chat/completions`, {
      method: 'POST',
      headers: { authorization: 'Bearer ii_live_cli', 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'hi' }], stream: true }),
    });
    const events = (await answer.text()).split('\n\n').filter(Boolean);
    expect(events).toHaveLength(2);
    expect(JSON.parse((events[1] as string).slice('data: '.length)).error.code).toBe(
      'simulated_stream_failure',
    );
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });

  it('stops Prism with it when SIGTERM comes the moment the addresses print (no orphaned Prism)', async () => {
    const child = spawn(process.execPath, [bin, '--engine', 'prism', '--port', '0', '--platform-port', '0'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    // Prism is the CLI's child process: read from /proc the instant the addresses appear, then signal at once.
    const prismPids = await new Promise<string[]>((resolve, reject) => {
      child.stdout.on('data', (chunk) => {
        output += chunk;
        if (!output.includes('Platform base address')) return;
        const children = readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8')
          .trim()
          .split(/\s+/);
        child.kill('SIGTERM');
        resolve(children.filter(Boolean));
      });
      child.once('exit', () => reject(new Error(`exited before listening: ${output}`)));
    });
    expect(prismPids.length).toBeGreaterThan(0);
    const exited = await new Promise((resolve) => child.once('exit', (code) => resolve(code)));
    expect(exited).toBe(0);
    for (const pid of prismPids)
      expect(existsSync(`/proc/${pid}`), `Prism (pid ${pid}) outlived the CLI`).toBe(false);
  }, 60_000);
});
