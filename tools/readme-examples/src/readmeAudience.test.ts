import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './readmeBlocks.js';
import { workspacePackages } from './shellCommands.js';

const read = (file: string) => readFileSync(join(repoRoot, file), 'utf8');

/** What users read: the root README and the README of every published package (on npm, beside the package). */
const userReadmes = [
  'README.md',
  ...[...workspacePackages().values()]
    .filter((pkg) => pkg.dir.startsWith('packages/') && !pkg.private)
    .map((pkg) => `${pkg.dir}/README.md`),
];

/**
 * Words of the repository's machinery, which a user of the packages never meets: CI's script, the build's scheduler
 * and its concurrency, the toolchain's Node internals, this repository's test runner and filters, the client's
 * serializer internals. They belong in CONTRIBUTING.md or a package's docs/.
 */
const maintainersWords =
  /\.ci\/run|\bturbo\b|node:sqlite|createFinalURL|defaultBodySerializer|createQuerySerializer|pnpm --filter|\bvitest\b/g;

/**
 * The most words each may hold: today's length, as a ceiling that only comes down. openai-node's README, the model
 * for the order (install, quickstart, options, errors, links to the guides), is about 1,600 words; what a reader
 * needs beyond that is in the docs site's guides.
 */
const maxWords: Record<string, number> = {
  'README.md': 1300,
  'packages/contract-tests/README.md': 4600,
  'packages/fetch-client/README.md': 4700,
  'packages/mcp-server/README.md': 3650,
  'packages/mock-server/README.md': 2400,
  'packages/query-core/README.md': 1700,
  'packages/react-hooks/README.md': 2350,
  'packages/types/README.md': 1200,
};

describe('the READMEs users read', () => {
  it('are the root README and every published package', () => {
    expect(userReadmes.sort()).toEqual(Object.keys(maxWords).sort());
  });

  it("name none of the machinery of this repository: that is CONTRIBUTING.md and the packages' docs/", () => {
    const found = userReadmes.flatMap((file) =>
      read(file)
        .split('\n')
        .flatMap((line, index) =>
          [...line.matchAll(maintainersWords)].map((m) => `${file}:${index + 1} "${m[0]}"`),
        ),
    );
    expect(found).toEqual([]);
    // The words are where maintainers look.
    expect(read('CONTRIBUTING.md')).toMatch(/\.ci\/run/);
  });

  it('stay within their length, counted in words', () => {
    for (const file of userReadmes) {
      const words = read(file).split(/\s+/).filter(Boolean).length;
      expect(words, file).toBeLessThanOrEqual(maxWords[file] ?? 0);
    }
  });

  it('link each package to the guides of the docs site', () => {
    for (const file of userReadmes) expect(read(file), file).toContain('docs/guides');
  });

  it('have every npx name the package it runs: an unscoped command alone fetches whatever the registry holds under that name', () => {
    const bare = userReadmes.flatMap((file) =>
      [...read(file).matchAll(/npx (?:-y |--yes )?(inference-infra-[\w-]+)/g)].map((m) => `${file}: ${m[0]}`),
    );
    expect(bare).toEqual([]);
  });
});
