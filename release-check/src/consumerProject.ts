import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PublicPackage } from '@inference-infra/local-registry/workspacePackages';
import { type Lockfile, packumentFrom, staleInstallsOfOurs } from '@inference-infra/test-kit/todaysBuild';
import { run } from './workspace.js';

/**
 * What the consumer project installs besides our packages: the peers of the React hooks and of the mock (Prism, the
 * optional engine the contract CLI's run with no target starts, at the version the READMEs name) and the tools its
 * users bring (TypeScript to type-check the consumers, esbuild to bundle the runtime matrix's worker and browser
 * entries, as a user's bundler would). Exact versions: the release check must not change from one day to the next.
 */
export const consumerToolDependencies = {
  '@stoplight/prism-cli': '5.14.2',
  react: '19.3.1',
  '@tanstack/react-query': '5.108.0',
  typescript: '5.9.3',
  '@types/node': '20.19.43',
  '@types/react': '19.3.0',
  esbuild: '0.28.2',
};

/**
 * Prism's install script (@scarf/scarf) reports the install unless told not to: `SCARF_ANALYTICS=false` (every command
 * here has it) stops the report, but only after it ran `npm ls` over the whole tree (some CPU-s a folder). The
 * project's own package.json saying so stops it before that, as Scarf documents for a user who opts out.
 */
export const scarfOptOut = { scarfSettings: { enabled: false, skipTraversal: true } };

/**
 * Installs every released package **by name** at its released version, with plain npm from `registry`, into
 * `project`, a fresh folder outside the workspace: what a user gets once we publish. Done once per run.
 *
 * From npm's cache where it holds a package (`--prefer-offline`: tarballs by integrity, metadata without asking the
 * registry again), as the by-name install does: the registry then neither fetches nor sends the metadata of the
 * hundreds of packages Prism, TypeScript and React bring (some megabytes each) on every run. Ours are held to what
 * this registry serves: where npm's cache held an earlier run's release under the same number and address (a port
 * used again), the install is made again asking the registry for everything, and must then be this run's.
 */
export async function installConsumerByName(
  project: string,
  registry: string,
  released: PublicPackage[],
): Promise<void> {
  const ours = Object.fromEntries(released.map((pkg) => [pkg.name, pkg.version]));
  writeFileSync(
    join(project, 'package.json'),
    JSON.stringify({
      name: 'consumer',
      private: true,
      dependencies: { ...ours, ...consumerToolDependencies },
      ...scarfOptOut,
    }),
  );
  const install = (cache: '--prefer-offline' | '--prefer-online') =>
    run(
      'npm',
      ['install', '--registry', registry, '--no-audit', '--no-fund', cache, '--loglevel=error'],
      project,
    );
  const staleOnes = () =>
    staleInstallsOfOurs(
      JSON.parse(readFileSync(join(project, 'package-lock.json'), 'utf8')) as Lockfile,
      // Asked once more on a failure: the setup's process may hold a connection the registry closed while npm ran
      // (its keep-alive ends after a minute), and a request sent on it fails with EPIPE.
      (name) => packumentFrom(registry, name).catch(() => packumentFrom(registry, name)),
    );
  install('--prefer-offline');
  if ((await staleOnes()).length === 0) return;
  // The lockfile holds the stale integrity: both go, so the second install resolves afresh.
  rmSync(join(project, 'package-lock.json'), { force: true });
  rmSync(join(project, 'node_modules'), { recursive: true, force: true });
  install('--prefer-online');
  const stale = await staleOnes();
  if (stale.length > 0) {
    throw new Error(
      `the consumer project installed a build of ours other than this run's release (npm's cache held it):\n${stale.join('\n')}`,
    );
  }
}
