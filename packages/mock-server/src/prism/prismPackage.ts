import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

/** The Prism CLI: an optional peer of this package, so a user of the simulator (or of the MCP server) installs none. */
export const prismPackageName = '@stoplight/prism-cli';
/**
 * The version to install: 5.14.2 is the last whose own `engines` admits Node 20 and 22 (5.16 declares >=24.18, so a
 * strict install refuses it there; release-check's README has the details).
 */
export const prismPackageVersion = '5.14.2';

/**
 * Prism is asked for (`askedFor` names how: `engine: 'prism'`, `--engine prism`, `--via-prism-proxy`) and
 * `@stoplight/prism-cli` cannot be found from this package. `code` lets a caller tell it from a Prism that started and
 * failed, whichever copy of this package threw it.
 */
export class PrismNotInstalledError extends Error {
  override readonly name = 'PrismNotInstalledError';
  readonly code = 'PRISM_NOT_INSTALLED';
  readonly packageName = prismPackageName;

  constructor(readonly askedFor: string) {
    super(
      `${askedFor} needs Prism (${prismPackageName}), an optional peer dependency that is not installed: npm install --save-dev ${prismPackageName}@${prismPackageVersion}`,
    );
  }
}

/** True for the error above, also when it comes from another copy of this package (a bundled or nested one). */
export function isPrismNotInstalled(error: unknown): error is PrismNotInstalledError {
  return (error as { code?: unknown } | null)?.code === 'PRISM_NOT_INSTALLED';
}

/**
 * The path of Prism's command, resolved the way Node resolves a dependency of this package (so from the user's
 * node_modules too); `askedFor` goes into the error when it is not there. `resolve` is Node's, replaced by tests.
 */
export function prismCliPath(askedFor: string, resolve: (id: string) => string = require.resolve): string {
  let manifest: string;
  try {
    manifest = resolve(`${prismPackageName}/package.json`);
  } catch {
    throw new PrismNotInstalledError(askedFor);
  }
  return join(dirname(manifest), 'dist', 'index.js');
}
