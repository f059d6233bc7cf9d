import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { fuzzSeed } from '@inference-infra/test-kit/rawRequests';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';

/** Cases per run: each starts the CLI as a process (a Prism start takes seconds), so the budget is small and fixed. */
const numRuns = 40;
const seed = fuzzSeed();
const bin = fileURLToPath(new URL('../bin/inference-infra-mock.js', import.meta.url));
/** A key the CLI must refuse: it is never to be repeated on any output. */
const refusedKey = 'sk_fuzz_Secret0123456789';

const values = [
  '',
  '0',
  '1',
  '-1',
  'abc',
  '1e3',
  '1.5',
  '0x10',
  ' 7',
  '4294967296',
  '99999999999999999999',
  'ii_live_fuzz',
  refusedKey,
  '*',
  'http://localhost:3000',
  'javascript:alert(1)',
  '/nonexistent/openapi.json',
  '/etc/hostname',
  'simulator',
  'prism',
  'flaky',
  'ünïcode',
  '--',
];
const flagValue = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...values) },
  { weight: 1, arbitrary: fc.string() },
);
const flag = fc.constantFrom(
  'seed',
  'key',
  'scenario',
  'transactions',
  'embedding-dimensions',
  'stream-interval-ms',
  'max-body-bytes',
  'max-answer-bytes',
  'max-embedding-inputs',
  'max-json-depth',
  'max-image-pixels',
  'allow-origin',
  'spec',
  'engine',
  'unknown-flag',
);
// Ports only ever get values that cannot be listened on: a fixed port could meet another test's server.
const badPort = fc.constantFrom('abc', '-1', '65536', '1.5', '', '99999999999999999999');
const token = fc.oneof(
  { weight: 6, arbitrary: fc.tuple(flag, flagValue).map(([name, value]) => [`--${name}`, value]) },
  { weight: 1, arbitrary: fc.tuple(flag, flagValue).map(([name, value]) => [`--${name}=${value}`]) },
  { weight: 1, arbitrary: badPort.map((value) => ['--platform-port', value]) },
  { weight: 1, arbitrary: fc.constantFrom(['--help'], ['--version'], ['positional'], ['-x']) },
);
const argvs = fc.array(token, { minLength: 1, maxLength: 4 }).map((tokens) => tokens.flat());

interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  served: boolean;
}

/** Runs the CLI on free ports with `argv` after them; stops it once it serves. */
function runCli(argv: string[]): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bin, '--port', '0', '--platform-port', '0', ...argv], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let served = false;
    const killer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      if (!served && stdout.includes('Press Ctrl+C')) {
        served = true;
        child.kill('SIGTERM');
      }
    });
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.once('close', (code, signal) => {
      clearTimeout(killer);
      resolve({ code, signal, stdout, stderr, served });
    });
  });
}

/** Whether `refusedKey` appears in `argv` only as the value of `--key`. */
function onlyAsKey(argv: string[]): boolean {
  return argv.every(
    (arg, i) =>
      !arg.includes(refusedKey) ||
      arg === `--key=${refusedKey}` ||
      (argv[i - 1] === '--key' && arg === refusedKey),
  );
}

let cases = 0;
afterAll(() => {
  console.log(`mock CLI fuzz: seed ${seed} (FUZZ_SEED=${seed} replays it), ${cases} command lines`);
});

describe('inference-infra-mock, fuzzed with command lines', () => {
  it(`serves, or refuses in one sentence naming the flag, never with a stack (${numRuns} cases)`, async () => {
    await fc.assert(
      fc.asyncProperty(argvs, async (argv) => {
        cases += 1;
        const run = await runCli(argv);
        const output = `${run.stdout}${run.stderr}`;
        const shown = `argv ${JSON.stringify(argv)} gave code ${run.code}:\n${output.slice(0, 1200)}`;
        expect(output, shown).not.toMatch(/\n\s+at \S|node:internal|file:\/\/\//);
        // A refused key is never repeated; the same text given to another flag is quoted as that flag's value.
        if (onlyAsKey(argv)) expect(output, shown).not.toContain(refusedKey);
        if (run.served) {
          expect(run.code, shown).toBe(0);
          return;
        }
        if (run.code === 0) {
          // --help or --version, and nothing on stderr.
          expect(run.stderr, shown).toBe('');
          return;
        }
        expect(run.code === 2 || run.code === 1, shown).toBe(true);
        const first = run.stderr.split('\n')[0] ?? '';
        if (run.code === 2) {
          // The flag's own rule, or Node's parser naming the flag or the argument.
          expect(first, shown).toMatch(/--[\w-]+|Unexpected argument|option/i);
          expect(run.stderr, shown).toContain('Run inference-infra-mock --help for the options.');
        } else {
          expect(first, shown).toMatch(/^inference-infra-mock could not start: /);
        }
      }),
      {
        numRuns,
        seed,
        endOnFailure: true,
        // Always among the cases: the command lines that once ended with a stack (a --spec Prism cannot read).
        examples: [
          [['--engine', 'prism', '--spec', '/nonexistent/openapi.json']],
          [['--engine', 'prism', '--spec', '/etc/hostname']],
        ],
      },
    );
  }, 600_000);
});
