import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

/** The toolchain's pnpm (`scripts/bootstrap.sh` puts it there): the one our release scripts use. */
export const pnpmIn = (root: string) => join(root, '.tools/node_modules/.bin/pnpm');

export interface PublicPackage {
  name: string;
  version: string;
  dir: string;
}

/** Every package under packages/ that is not private: what a release publishes. */
export function publicPackages(root: string = repoRoot): PublicPackage[] {
  return readdirSync(join(root, 'packages'))
    .sort()
    .map((folder) => join(root, 'packages', folder))
    .map((dir) => ({ dir, manifest: JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) }))
    .filter(({ manifest }) => !manifest.private)
    .map(({ dir, manifest }) => ({ name: manifest.name, version: manifest.version, dir }));
}
