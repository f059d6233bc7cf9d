import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { installedRuntime, nodeLinesClaimedBy, pinnedRuntimes, versionAtLeast } from './runtimes.js';
import { publicPackages, repoRoot } from './workspace.js';

const root = mkdtempSync(join(tmpdir(), 'inference-infra-runtimes-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const file = join(root, 'runtimes.json');
writeFileSync(
  file,
  JSON.stringify({
    $comment: 'not a runtime',
    deno: { package: '@deno/linux-x64-glibc', version: '2.9.6', bin: 'deno' },
  }),
);

function install(version: string) {
  const dir = join(root, '.tools/runtimes/deno/node_modules/@deno/linux-x64-glibc');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ version }));
  writeFileSync(join(dir, 'deno'), '#!/bin/sh\n');
  chmodSync(join(dir, 'deno'), 0o755);
  return join(dir, 'deno');
}

describe('the pinned runtimes', () => {
  it('pins every cell of the matrix with a package, a version and an executable', () => {
    const pinned = pinnedRuntimes();
    expect(Object.keys(pinned).sort()).toEqual(['bun', 'deno', 'node20', 'node22', 'node24', 'workerd']);
    for (const runtime of Object.values(pinned)) {
      expect(runtime).toEqual({
        package: expect.any(String),
        version: expect.stringMatching(/^\d+\.\d+\.\d+$/),
        bin: expect.any(String),
      });
    }
  });

  it('names the known runtimes when asked for one that is not pinned', () => {
    expect(() => installedRuntime('node18', { file, root })).toThrow('No runtime "node18" in');
    expect(() => installedRuntime('node18', { file, root })).toThrow('(pinned: deno)');
  });

  it('refuses a runtime that is missing or at another version, naming the install command', () => {
    expect(() => installedRuntime('deno', { file, root })).toThrow(
      /deno needs @deno\/linux-x64-glibc@2\.9\.6 \(not installed in .*\): run bash release-check\/scripts\/install-runtimes\.sh/,
    );
    install('2.9.5');
    expect(() => installedRuntime('deno', { file, root })).toThrow('(2.9.5 installed in');
  });

  it('gives the executable of a runtime installed at its pinned version', () => {
    const executable = install('2.9.6');
    expect(installedRuntime('deno', { file, root })).toMatchObject({
      name: 'deno',
      version: '2.9.6',
      executable,
    });
  });
});

describe('the Node lines of the matrix', () => {
  it('reads the lines an engines floor claims: the even majors from it to the newest', () => {
    expect(nodeLinesClaimedBy('>=20.19', 24)).toEqual([
      { major: 20, minimum: '20.19.0' },
      { major: 22, minimum: '22.0.0' },
      { major: 24, minimum: '24.0.0' },
    ]);
    expect(nodeLinesClaimedBy('>= 21.1.2', 24).map((line) => line.major)).toEqual([22, 24]);
    expect(() => nodeLinesClaimedBy('^20.19 || >=22.12', 24)).toThrow(
      'engines.node "^20.19 || >=22.12" is not of the form >=MAJOR.MINOR',
    );
  });

  it('compares versions part by part', () => {
    expect(versionAtLeast('20.20.2', '20.19.0')).toBe(true);
    expect(versionAtLeast('20.19.0', '20.19.0')).toBe(true);
    expect(versionAtLeast('20.9.0', '20.19.0')).toBe(false);
    expect(versionAtLeast('22.0.0', '24.0.0')).toBe(false);
  });

  it('runs every Node line that a published package claims in engines, at a version the claim admits', () => {
    const newest = Number(readFileSync(`${repoRoot}/.node-version`, 'utf8').trim().split('.')[0]);
    const pinned = pinnedRuntimes();
    for (const pkg of publicPackages()) {
      const { engines } = JSON.parse(readFileSync(`${pkg.dir}/package.json`, 'utf8')) as {
        engines?: { node?: string };
      };
      expect(engines?.node, `${pkg.name} states no engines.node`).toBeTypeOf('string');
      for (const line of nodeLinesClaimedBy(engines?.node ?? '', newest)) {
        const runtime = pinned[`node${line.major}`];
        expect(
          runtime,
          `${pkg.name} claims Node ${line.major}: runtimes.json needs node${line.major}`,
        ).toBeDefined();
        expect(
          versionAtLeast(runtime?.version ?? '0', line.minimum),
          `node${line.major} below ${line.minimum}`,
        ).toBe(true);
      }
    }
  });
});
