import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { satisfies } from 'semver';
import { afterAll, describe, expect, it } from 'vitest';
import { copiedExamples, type Manifest, manifestOf, repoRoot, workspaceVersions } from './examples.ts';

const script = join(repoRoot, 'scripts/syncExampleVersions.mjs');
const copies: string[] = [];
afterAll(() => {
  for (const copy of copies) rmSync(copy, { recursive: true, force: true });
});

/** The manifests a release changes, copied into a throwaway checkout: packages/* and examples/*. */
function checkoutOfManifests(): string {
  const root = mkdtempSync(join(tmpdir(), 'inference-infra-example-versions-'));
  copies.push(root);
  for (const parent of ['packages', 'examples']) {
    for (const folder of parent === 'packages'
      ? [...workspaceVersions().keys()].map((name) => name.split('/')[1] as string)
      : [...copiedExamples(), 'playground']) {
      mkdirSync(join(root, parent, folder), { recursive: true });
      cpSync(join(repoRoot, parent, folder, 'package.json'), join(root, parent, folder, 'package.json'));
    }
  }
  return root;
}

const ourRanges = (manifest: Manifest) =>
  Object.entries({ ...manifest.dependencies, ...manifest.devDependencies }).filter(([name]) =>
    name.startsWith('@inference-infra/'),
  );

describe("the examples' ranges of our packages after a release", () => {
  it('release-version.sh syncs them right after changeset version moves the versions', () => {
    const steps = readFileSync(join(repoRoot, 'scripts/release-version.sh'), 'utf8').split('\n');
    const version = steps.indexOf('pnpm exec changeset version');
    expect(version).toBeGreaterThan(-1);
    expect(steps.indexOf('node scripts/syncExampleVersions.mjs')).toBeGreaterThan(version);
  });

  it('follow new versions of every package, minor and major, and nothing else in the files changes', () => {
    const root = checkoutOfManifests();
    const bumped = new Map(
      [...workspaceVersions()].map(([name], index) => [name, `${index + 1}.${index}.0`]),
    );
    for (const [name, version] of bumped) {
      const path = join(root, 'packages', name.split('/')[1] as string, 'package.json');
      writeFileSync(
        path,
        readFileSync(path, 'utf8').replace(/"version": "[^"]+"/, `"version": "${version}"`),
      );
    }
    const before = new Map(
      copiedExamples().map((name) => [
        name,
        readFileSync(join(root, 'examples', name, 'package.json'), 'utf8'),
      ]),
    );
    const playground = readFileSync(join(root, 'examples/playground/package.json'), 'utf8');

    const printed = execFileSync(process.execPath, [script, root], { encoding: 'utf8' });
    for (const name of copiedExamples()) {
      const manifest = manifestOf(join(root, 'examples', name));
      for (const [dependency, range] of ourRanges(manifest)) {
        expect(range).toBe(`^${bumped.get(dependency)}`);
        expect(satisfies(bumped.get(dependency) ?? '', range)).toBe(true);
      }
      // Only the ranges moved: the same file once they are put back.
      let restored = readFileSync(join(root, 'examples', name, 'package.json'), 'utf8');
      for (const [dependency, range] of ourRanges(manifestOf(join(repoRoot, 'examples', name)))) {
        restored = restored.replace(
          `"${dependency}": "^${bumped.get(dependency)}"`,
          `"${dependency}": "${range}"`,
        );
      }
      expect(restored).toBe(before.get(name));
      expect(printed).toContain(`examples/${name}: `);
    }
    // The playground is a workspace package: its workspace: ranges are pnpm's to write.
    expect(readFileSync(join(root, 'examples/playground/package.json'), 'utf8')).toBe(playground);
    // A second run has nothing left to do.
    expect(execFileSync(process.execPath, [script, root], { encoding: 'utf8' })).toBe('');
  });

  it('stops with the file and the field when an example names a package of ours that does not exist', () => {
    const root = checkoutOfManifests();
    const path = join(root, 'examples/node-esm/package.json');
    const manifest = JSON.parse(readFileSync(path, 'utf8'));
    manifest.dependencies['@inference-infra/not-a-package'] = '^1.0.0';
    writeFileSync(path, JSON.stringify(manifest, null, 2));
    expect(() => execFileSync(process.execPath, [script, root], { encoding: 'utf8', stdio: 'pipe' })).toThrow(
      /examples\/node-esm\/package\.json: dependencies\.@inference-infra\/not-a-package is no package under packages\//,
    );
  });
});
