import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

// The layering docs/maintainers.md draws ("Source layout"): each folder imports only those below it. Read from the
// source's own relative imports, tests and their helpers aside. Loops between files of one folder are found for every
// workspace by tools/test-kit's importCycles test.

const src = dirname(fileURLToPath(import.meta.url));
const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? filesUnder(join(dir, entry.name))
      : entry.name.endsWith('.ts')
        ? [relative(src, join(dir, entry.name)).replaceAll('\\', '/')]
        : [],
  );
const sources = filesUnder(src).filter((file) => !file.endsWith('.test.ts') && !file.startsWith('test/'));
const importsOf = (file: string) =>
  [...readFileSync(join(src, file), 'utf8').matchAll(/\bfrom\s+['"](\.{1,2}\/[^'"]+)['"]/g)].map((match) =>
    posix.normalize(posix.join(posix.dirname(file), match[1] as string)).replace(/\.js$/, '.ts'),
  );
const folderOf = (file: string) => (file.includes('/') ? (file.split('/')[0] as string) : '.');

/** From the bottom up: a folder may import those before it in this list, never one after it. */
const layers = ['shared', 'tools', 'prompts', 'resources', 'server', 'stdio', 'auth', 'http', 'cli', '.'];

it('imports run down the layers only, so no import comes back round', () => {
  const upward: string[] = [];
  for (const file of sources)
    for (const target of importsOf(file)) {
      const [from, to] = [folderOf(file), folderOf(target)];
      if (layers.indexOf(to) > layers.indexOf(from)) upward.push(`${file} imports ${target}`);
    }
  expect(upward).toEqual([]);
  expect([...new Set(sources.map(folderOf))].filter((folder) => !layers.includes(folder))).toEqual([]);
});
