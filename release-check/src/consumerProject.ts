import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PublicPackage } from '@inference-infra/local-registry/workspacePackages';
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
 * Installs every released package **by name** at its released version, with plain npm from `registry`, into
 * `project`, a fresh folder outside the workspace: what a user gets once we publish. Done once per run.
 */
export function installConsumerByName(project: string, registry: string, released: PublicPackage[]): void {
  const ours = Object.fromEntries(released.map((pkg) => [pkg.name, pkg.version]));
  writeFileSync(
    join(project, 'package.json'),
    JSON.stringify({
      name: 'consumer',
      private: true,
      dependencies: { ...ours, ...consumerToolDependencies },
    }),
  );
  run('npm', ['install', '--registry', registry, '--no-audit', '--no-fund', '--loglevel=error'], project);
}
