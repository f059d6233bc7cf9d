import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const bin = fileURLToPath(new URL('./typecheck.mjs', import.meta.url));
const nativeTsc = fileURLToPath(new URL('./tscNative.mjs', import.meta.url));
const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** A project of its own outside the repository: nothing inherited from the workspace's configuration. */
function project(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'inference-infra-typecheck-'));
  folders.push(dir);
  const config = { compilerOptions: { strict: true, module: 'nodenext', target: 'es2022', types: [] } };
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(config));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

const typecheck = (dir: string, ...args: string[]) => {
  const run = spawnSync(process.execPath, [bin, ...args], { cwd: dir, encoding: 'utf8', timeout: 50_000 });
  return { status: run.status, output: run.stdout + run.stderr };
};

describe('typecheck', () => {
  it('is TypeScript 7', () => {
    expect(typecheck(project({}), '--version').output).toMatch(/^Version 7\./);
  });

  it('passes a project with no error, writing nothing', () => {
    const dir = project({ 'ok.ts': 'export const answer: number = 42;\n' });
    expect(typecheck(dir)).toEqual({ status: 0, output: '' });
    expect(readdirSync(dir).sort()).toEqual(['ok.ts', 'tsconfig.json']);
  });

  it.each([
    ['an assignment', 'export const answer: number = "42";\n', 1, 'TS2322'],
    [
      'a strict null check',
      'export function f(s: string | undefined) {\n  return s.length;\n}\n',
      2,
      'TS18048',
    ],
    ['an implicit any', 'export function f(s) {\n  return s;\n}\n', 1, 'TS7006'],
  ])('fails %s, naming the file, the line and the rule', (_what, source, line, code) => {
    const { status, output } = typecheck(project({ 'bad.ts': source }));
    expect(status).not.toBe(0);
    expect(output).toContain(`bad.ts(${line},`);
    expect(output).toContain(code);
    expect(existsSync(join(folders.at(-1) ?? '', 'bad.js'))).toBe(false);
  });

  it('checks the project -p names, with its arguments passed on', () => {
    const dir = project({ 'ok.ts': 'export const a = 1;\n', 'bad.ts': 'export const b: string = 1;\n' });
    writeFileSync(
      join(dir, 'tsconfig.ok.json'),
      JSON.stringify({ extends: './tsconfig.json', files: ['ok.ts'] }),
    );
    expect(typecheck(dir).status).not.toBe(0);
    expect(typecheck(dir, '-p', 'tsconfig.ok.json')).toEqual({ status: 0, output: '' });
  });
  it("takes vitest's checker arguments and prints what vitest reads: file(line,col): error TSnnnn", () => {
    // vitest.shared.ts names this bin as the type tests' checker; vitest spawns it with tsc's own flags.
    const dir = project({ 'bad.ts': 'export const b: string = 1;\n' });
    const buildInfo = join(dir, 'vitest.tsbuildinfo');
    const args = ['--pretty', 'false', '--noEmit', '--incremental', '--tsBuildInfoFile', buildInfo, '-p'];
    const { status, output } = typecheck(dir, ...args, join(dir, 'tsconfig.json'));
    expect(status).not.toBe(0);
    expect(output).toMatch(/^bad\.ts\(1,14\): error TS2322: /m);
    expect(existsSync(buildInfo)).toBe(true);
    writeFileSync(join(dir, 'bad.ts'), 'export const b: string = "1";\n');
    expect(typecheck(dir, ...args, join(dir, 'tsconfig.json'))).toEqual({ status: 0, output: '' });
  });
});

describe('tsc-native', () => {
  it('is TypeScript 7, emitting what the project says, with the arguments given', () => {
    const dir = project({
      'package.json': '{ "type": "module" }',
      'ok.ts': "export const names = ['a', 'b'] as const;\n",
    });
    const run = spawnSync(process.execPath, [nativeTsc, '--declaration', '--outDir', 'out'], {
      cwd: dir,
      encoding: 'utf8',
      timeout: 50_000,
    });
    expect(run.stdout + run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(readFileSync(join(dir, 'out/ok.js'), 'utf8')).toContain("export const names = ['a', 'b'];");
    expect(readFileSync(join(dir, 'out/ok.d.ts'), 'utf8')).toContain(
      'export declare const names: readonly [',
    );
  });

  it('fails a type error as tsc does, naming the file, the line and the rule', () => {
    const dir = project({ 'bad.ts': 'export const b: string = 1;\n' });
    const run = spawnSync(process.execPath, [nativeTsc, '--outDir', 'out'], {
      cwd: dir,
      encoding: 'utf8',
      timeout: 50_000,
    });
    expect(run.status).not.toBe(0);
    expect(run.stdout + run.stderr).toContain('bad.ts(1,14)');
    expect(run.stdout + run.stderr).toContain('TS2322');
  });
});
