/** What `npm install` wrote into package-lock.json, as far as this check reads it. */
export interface Lockfile {
  packages: Record<string, { version?: string; integrity?: string }>;
}

/** A package's metadata as a registry serves it, as far as this check reads it. */
export interface Packument {
  versions: Record<string, { dist: { integrity: string } } | undefined>;
}

/**
 * Each package of ours in the lockfile (at any depth) whose integrity is not what the test registry serves for that
 * version, as a sentence: what npm took from its cache instead of today's build. Empty when all are today's.
 */
export async function staleInstallsOfOurs(
  lock: Lockfile,
  packumentOf: (name: string) => Promise<Packument>,
): Promise<string[]> {
  const stale: string[] = [];
  for (const [path, entry] of Object.entries(lock.packages)) {
    const name = path.match(/(?:^|\/)node_modules\/(@inference-infra\/[^/]+)$/)?.[1];
    if (!name) continue;
    const served = (await packumentOf(name)).versions[entry.version ?? '']?.dist.integrity;
    if (served !== entry.integrity) {
      stale.push(`${path}: ${name}@${entry.version} is ${entry.integrity}, today's build is ${served}`);
    }
  }
  return stale;
}

/** A packument as `registryUrl` serves it now, with a deadline. */
export async function packumentFrom(registryUrl: string, name: string): Promise<Packument> {
  const answer = await fetch(new URL(name.replace('/', '%2f'), registryUrl), {
    signal: AbortSignal.timeout(30_000),
  });
  if (!answer.ok) throw new Error(`the test registry answered ${answer.status} for ${name}`);
  return (await answer.json()) as Packument;
}
