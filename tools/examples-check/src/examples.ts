import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

/** The repository's root, with a trailing slash. */
export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

export const exampleDir = (name: string) => join(repoRoot, 'examples', name);

/** The folders pnpm-workspace.yaml lists under examples/: workspace packages, tested by their own workspace. */
export function workspaceExamples(): string[] {
  const { packages } = parse(readFileSync(join(repoRoot, 'pnpm-workspace.yaml'), 'utf8')) as {
    packages: string[];
  };
  return packages
    .filter((entry) => entry.startsWith('examples/'))
    .map((entry) => entry.slice('examples/'.length));
}

/** Every project under examples/ that a user copies whole: each folder with a package.json that is no workspace's. */
export function copiedExamples(): string[] {
  const workspace = new Set(workspaceExamples());
  return readdirSync(join(repoRoot, 'examples'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !workspace.has(entry.name))
    .filter((entry) => existsSync(join(repoRoot, 'examples', entry.name, 'package.json')))
    .map((entry) => entry.name)
    .sort();
}

export interface Manifest {
  name: string;
  version: string;
  private?: boolean;
  type?: string;
  scripts?: Record<string, string>;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

export function manifestOf(folder: string): Manifest {
  return JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as Manifest;
}

/** Our public packages by name, at their versions in packages/*: what the local registry holds. */
export function workspaceVersions(root = repoRoot): Map<string, string> {
  const versions = new Map<string, string>();
  for (const folder of readdirSync(join(root, 'packages'))) {
    if (!existsSync(join(root, 'packages', folder, 'package.json'))) continue;
    const manifest = manifestOf(join(root, 'packages', folder));
    if (!manifest.private) versions.set(manifest.name, manifest.version);
  }
  return versions;
}
