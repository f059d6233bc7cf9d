import { runCommand } from './runCommand.ts';
import type { LocalRegistry } from './startLocalRegistry.ts';
import { pnpmIn, repoRoot } from './workspacePackages.ts';

/**
 * Publishes every public package of the workspace as it is built now, at its current version, with the publish
 * command `changeset publish` runs for each (pnpm's, which writes each `workspace:` range as the version it names).
 * A version the registry already holds is left as it is.
 */
export async function publishPackages(
  registry: LocalRegistry,
  options: { root?: string; onLine?: (line: string) => void; timeoutMs?: number } = {},
): Promise<string> {
  const root = options.root ?? repoRoot;
  return runCommand(
    pnpmIn(root),
    ['-r', '--filter', './packages/*', 'publish', '--access', 'public', '--no-git-checks'],
    {
      cwd: root,
      env: registry.env,
      timeoutMs: options.timeoutMs ?? 10 * 60_000,
      ...(options.onLine ? { onLine: options.onLine } : {}),
    },
  );
}
