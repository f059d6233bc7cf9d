import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export type Bump = 'major' | 'minor' | 'patch';
const order: Record<Bump | 'none', number> = { none: 0, patch: 1, minor: 2, major: 3 };

export function atLeast(declared: Bump | 'none', needed: Bump | 'none'): boolean {
  return order[declared] >= order[needed];
}

/** The strongest bump each package gets from the pending changesets in `.changeset/` (their YAML front matter). */
export function pendingBumps(changesetDir: string): Map<string, Bump> {
  const bumps = new Map<string, Bump>();
  for (const file of readdirSync(changesetDir).filter(
    (name) => name.endsWith('.md') && name !== 'README.md',
  )) {
    const text = readFileSync(join(changesetDir, file), 'utf8');
    const frontMatter = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text)?.[1] ?? '';
    for (const line of frontMatter.split(/\r?\n/)) {
      const match = /^\s*["']?([^"':]+)["']?\s*:\s*(major|minor|patch)\s*$/.exec(line);
      if (!match) continue;
      const [, name, bump] = match as unknown as [string, string, Bump];
      const current = bumps.get(name);
      if (!current || order[bump] > order[current]) bumps.set(name, bump);
    }
  }
  return bumps;
}
