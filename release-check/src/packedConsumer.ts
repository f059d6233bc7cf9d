import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pnpm, publicPackages, run } from './workspace.js';

/**
 * What the consumer project installs besides the tarballs: the peers of the React hooks and the tools its users
 * bring (TypeScript to type-check the consumers, esbuild to bundle the runtime matrix's worker and browser entries,
 * as a user's bundler would). Exact versions: the release check must not change from one day to the next.
 */
export const consumerToolDependencies = {
  react: '19.3.1',
  '@tanstack/react-query': '5.108.0',
  typescript: '5.9.3',
  '@types/node': '20.19.43',
  '@types/react': '19.3.0',
  esbuild: '0.28.2',
};

/** The tarball `pnpm pack` made for `packageName` in `folder` (`@scope/name` packs as `scope-name-<version>.tgz`). */
export function tarballOf(folder: string, packageName: string, version: string): string {
  const expected = `${packageName.replace('@', '').replace('/', '-')}-${version}.tgz`;
  if (!readdirSync(folder).includes(expected)) {
    throw new Error(`pnpm pack made no ${expected} for ${packageName} in ${folder}`);
  }
  return expected;
}

/**
 * Packs every public package as it would be published and installs the tarballs with plain npm into `project`, a
 * fresh folder outside the workspace: what a user gets from the registry. Done once per test run (global setup).
 */
export function installPackedConsumer(project: string): void {
  const tarballs = join(project, 'tarballs');
  mkdirSync(tarballs, { recursive: true });
  const dependencies: Record<string, string> = {};
  for (const pkg of publicPackages()) {
    run(pnpm, ['pack', '--pack-destination', tarballs], pkg.dir);
    dependencies[pkg.name] = `file:tarballs/${tarballOf(tarballs, pkg.name, pkg.version)}`;
  }
  writeFileSync(
    join(project, 'package.json'),
    JSON.stringify({
      name: 'consumer',
      private: true,
      dependencies: { ...dependencies, ...consumerToolDependencies },
    }),
  );
  run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], project);
}
