import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { resolveTarget } from '../transport/target.js';
import { parseCliArgs } from './cliOptions.js';

interface Step {
  id?: string;
  if?: string;
  uses?: string;
  run?: string;
  shell?: string;
  env?: Record<string, string>;
  with?: Record<string, string>;
}
interface Action {
  inputs: Record<string, { required?: boolean; default?: string }>;
  runs: { using: string; steps: Step[] };
}

const action = parse(readFileSync(new URL('../../../../action.yml', import.meta.url), 'utf8')) as Action;
const [suiteStep, uploadStep] = action.runs.steps;

const inputs = {
  'base-url': 'http://127.0.0.1:9/v1',
  'platform-url': 'http://127.0.0.1:9',
  'api-key': 'ii_live_action_key',
  'allow-mutations': 'true',
  'volume-id': 'vol ci',
  'volume-size': '120',
  version: '1.2.3',
  'extra-args': '--only Instances,Billing --seed 42',
};

/** `${{ inputs.x }}` and `${{ runner.temp }}` as the runner would fill them in. */
function expand(value: string, given: Record<string, string>): string {
  return value.replace(/\$\{\{\s*([\w.-]+)\s*\}\}/g, (_, name: string) => {
    if (name === 'runner.temp') return '/tmp/runner';
    const input = name.replace(/^inputs\./, '');
    return given[input] ?? action.inputs[input]?.default ?? '';
  });
}

/**
 * Runs the step's script in bash with `npx` replaced by a function printing its arguments one per line, so the test
 * sees the exact argv the suite would get, after the shell's quoting and splitting.
 */
function argvOf(given: Record<string, string>): { argv: string[]; env: Record<string, string> } {
  const env = Object.fromEntries(Object.entries(suiteStep?.env ?? {}).map(([k, v]) => [k, expand(v, given)]));
  const script = `npx() { printf '%s\\n' "$@"; }\n${suiteStep?.run ?? ''}`;
  const out = execFileSync('bash', ['-e', '-c', script], {
    env: { PATH: process.env.PATH ?? '', GITHUB_OUTPUT: '/dev/null', ...env },
    encoding: 'utf8',
  });
  return { argv: out.trimEnd().split('\n'), env };
}

describe('the GitHub Action (action.yml)', () => {
  it('is a composite action with the documented inputs, version defaulting to latest', () => {
    expect(action.runs.using).toBe('composite');
    expect(Object.keys(action.inputs).sort()).toEqual(Object.keys(inputs).sort());
    expect(action.inputs.version?.default).toBe('latest');
    for (const name of ['base-url', 'platform-url', 'api-key'])
      expect(action.inputs[name]?.required).toBe(true);
  });

  it('runs the published suite with flags the CLI accepts, every input reaching the option it names', () => {
    const { argv, env } = argvOf(inputs);
    expect(argv.slice(0, 2)).toEqual(['--yes', '@inference-infra/contract-tests@1.2.3']);
    const options = parseCliArgs(argv.slice(2));
    expect(options.reporters).toEqual(['github', 'junit']);
    expect(options.outputFile).toBe('/tmp/runner/contract-tests/junit.xml');
    expect(options.selection.only).toEqual(['Instances', 'Billing']);
    expect(options.seed).toBe(42);
    const request = resolveTarget(options.flags, env);
    if (request.kind !== 'live') throw new Error('expected a live target');
    expect(request.target).toMatchObject({
      baseUrl: inputs['base-url'],
      platformUrl: inputs['platform-url'],
      apiKey: inputs['api-key'],
      allowMutations: true,
      volumeId: 'vol ci',
      volumeSizeGb: 120,
    });
  });

  it('keeps the key off the command line, and leaves out the optional flags when their inputs are not given', () => {
    const { version: _version, ...required } = inputs;
    const { argv } = argvOf({
      ...required,
      'allow-mutations': 'false',
      'volume-id': '',
      'volume-size': '',
      'extra-args': '',
    });
    expect(argv.join(' ')).not.toContain(inputs['api-key']);
    expect(argv[1]).toBe('@inference-infra/contract-tests@latest');
    const options = parseCliArgs(argv.slice(2));
    expect(options.flags).toMatchObject({
      allowMutations: false,
      volumeId: undefined,
      volumeSize: undefined,
    });
    expect(options.selection.only).toEqual([]);
  });

  it('uploads the JUnit report the suite wrote, even when the suite failed', () => {
    expect(uploadStep?.uses).toMatch(/^actions\/upload-artifact@v\d+$/);
    expect(uploadStep?.if).toBe('always()');
    expect(expand(uploadStep?.with?.path ?? '', inputs)).toBe(
      parseCliArgs(argvOf(inputs).argv.slice(2)).outputFile,
    );
  });
});
