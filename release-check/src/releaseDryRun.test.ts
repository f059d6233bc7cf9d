import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { pnpm, publicPackages, repoRoot, run, runWithNotices } from './workspace.js';

/**
 * The release flow without network writes: `changeset version` on a copy of the workspace's manifests (so the
 * working tree is untouched), the spec version sync, then `pnpm publish --dry-run` of every public package.
 */
const mirror = mkdtempSync(join(tmpdir(), 'inference-infra-release-'));
afterAll(() => rmSync(mirror, { recursive: true, force: true }));

const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8'));

interface Packed {
  name: string;
  files: Array<{ path: string }>;
}
let dryRun: { output: string; packed: Packed[] } | undefined;
/**
 * The dry-run publish and the pack of every package, each asked once for all of them with `pnpm -r` (as
 * `scripts/release-publish.sh --dry-run` runs it): two pnpm processes for the run, not two per package. A recursive
 * publish asks the registry which versions it holds already: it asks this run's local one (never a request past
 * loopback), and `--force` keeps in a version found there.
 */
function dryRunOfEveryPackage(): { output: string; packed: Packed[] } {
  dryRun ??= {
    output: runWithNotices(
      pnpm,
      [
        '-r',
        '--filter',
        './packages/*',
        'publish',
        '--dry-run',
        '--no-git-checks',
        '--access',
        'public',
        '--force',
        '--registry',
        inject('registryUrl'),
      ],
      repoRoot,
    ),
    // What each tarball holds, as publish packs it (pnpm 11 no longer lists the files while publishing).
    packed: JSON.parse(
      run(pnpm, ['-r', '--filter', './packages/*', 'pack', '--dry-run', '--json'], repoRoot),
    ),
  };
  return dryRun;
}

describe('a release', () => {
  it('versions the spec-shaped packages together and keeps the spec version in step', () => {
    for (const file of [
      'package.json',
      'pnpm-workspace.yaml',
      '.changeset/config.json',
      'spec/openapi.yaml',
    ]) {
      mkdirSync(join(mirror, file, '..'), { recursive: true });
      cpSync(join(repoRoot, file), join(mirror, file));
    }
    for (const folder of ['spec', 'docs', 'bench', 'release-check', 'examples/playground']) {
      mkdirSync(join(mirror, folder), { recursive: true });
      cpSync(join(repoRoot, folder, 'package.json'), join(mirror, folder, 'package.json'));
    }
    for (const pkg of publicPackages()) {
      const folder = join(mirror, 'packages', pkg.dir.split('/').at(-1) as string);
      mkdirSync(folder, { recursive: true });
      cpSync(join(pkg.dir, 'package.json'), join(folder, 'package.json'));
    }
    writeFileSync(
      join(mirror, '.changeset', 'spec-field.md'),
      '---\n"@inference-infra/types": minor\n---\n\nA new optional field.\n',
    );

    run(join(repoRoot, 'node_modules/.bin/changeset'), ['version'], mirror);
    run('node', [join(repoRoot, 'scripts/syncSpecVersion.mjs'), mirror], mirror);

    const version = (name: string) => readJson(join(mirror, 'packages', name, 'package.json')).version;
    const before = readJson(join(repoRoot, 'packages/types/package.json')).version as string;
    const [major, minor] = before.split('.').map(Number);
    const expected = `${major}.${(minor ?? 0) + 1}.0`;
    // The fixed group: a change to the types moves the client, the query options and the hooks with it.
    expect([
      version('types'),
      version('fetch-client'),
      version('query-core'),
      version('react-hooks'),
    ]).toEqual([expected, expected, expected, expected]);
    expect(readFileSync(join(mirror, 'packages/types/CHANGELOG.md'), 'utf8')).toContain(
      'A new optional field.',
    );
    expect(readFileSync(join(mirror, 'spec/openapi.yaml'), 'utf8')).toMatch(
      new RegExp(`^  version: ${expected}$`, 'm'),
    );
  });

  it.each(publicPackages().map((pkg) => [pkg.name, pkg] as const))(
    'dry-runs the publish of %s with only what users need',
    (_name, pkg) => {
      const { output, packed } = dryRunOfEveryPackage();
      // The lines of this package's publish: it was reached at its version, and as a dry run.
      const own = output
        .split('\n')
        .filter((line) => line.includes(`${pkg.name}@${pkg.version}`))
        .join('\n');
      expect(own, output).toMatch(new RegExp(`${pkg.name.replace('/', '\\/')}@${pkg.version}`));
      expect(own, output).toMatch(/dry.run/i);
      const files = (packed.find((tarball) => tarball.name === pkg.name)?.files ?? []).map(
        (file) => file.path,
      );
      expect(files).toContain('dist/index.js');
      expect(files.filter((file) => /\.test\.|^src\/|test-artifacts/.test(file))).toEqual([]);
    },
    300_000,
  );
});
