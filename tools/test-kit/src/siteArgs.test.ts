import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const moduleUrl = new URL('./siteArgs.js', import.meta.url).href;

/** Each run ends or is killed within this; a test's own deadline is this times the runs it makes. */
const runDeadlineMs = 20_000;

/** Runs siteArgs in a process of its own (it exits on a refusal), with a server's flags. */
function run(argv: string[]) {
  const code = `import { siteArgs } from ${JSON.stringify(moduleUrl)};
const values = siteArgs({
  options: { port: { type: 'string', default: '4012' }, 'base-url': { type: 'string' } },
  urlFlags: ['base-url'],
  usage: 'Usage: serve [--port N] [--base-url URL]',
  argv: JSON.parse(process.env.ARGV),
});
console.log(JSON.stringify(values));`;
  return spawnSync(process.execPath, ['--input-type=module', '-e', code], {
    encoding: 'utf8',
    timeout: runDeadlineMs,
    env: { ...process.env, ARGV: JSON.stringify(argv) },
  });
}

// A loaded machine can take seconds to start Node: vitest's 5 s default would fail a correct parser.
describe('siteArgs', { timeout: 2 * runDeadlineMs }, () => {
  it('gives the values of a good command line', () => {
    const result = run(['--base-url', 'http://127.0.0.1:5010/v1']);
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ port: '4012', 'base-url': 'http://127.0.0.1:5010/v1' });
  });

  it.each([
    [['--bogus'], "Unknown option '--bogus'"],
    [['--port'], "Option '--port <value>' argument missing"],
    [['extra'], "Unexpected argument 'extra'"],
    [['--base-url', 'notaurl'], '--base-url must be an http(s) URL (got "notaurl")'],
    [['--base-url', 'javascript:alert(1)'], '--base-url must be an http(s) URL (got "javascript:alert(1)")'],
  ])('refuses %j in one sentence and the usage, exit 2, no stack', (argv, sentence) => {
    const result = run(argv);
    expect(result.status).toBe(2);
    expect(result.stderr.startsWith(sentence)).toBe(true);
    expect(result.stderr).toContain('Usage: serve');
    expect(result.stderr).not.toMatch(/\n\s+at \S/);
    expect(result.stdout).toBe('');
  });
});
