import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fetchClientFirstExample } from './blockCatalogue.js';
import { catalogueProblems, classifiedBlocks } from './classifiedBlocks.js';
import { blocksOf, readmeFiles, repoRoot } from './readmeBlocks.js';

describe('the README blocks and their catalogue', () => {
  it('finds the READMEs of every workspace, and CONTRIBUTING.md', () => {
    const files = readmeFiles();
    for (const file of [
      'README.md',
      'CONTRIBUTING.md',
      'packages/fetch-client/README.md',
      'tools/test-kit/README.md',
    ]) {
      expect(files).toContain(file);
    }
    expect(files.some((file) => file.includes('node_modules'))).toBe(false);
  });

  it('reads fenced blocks as CommonMark does (an indented fence, a longer fence holding ```)', () => {
    const blocks = blocksOf(
      'x.md',
      'a\n\n  ```ts\n  const a = 1;\n  ```\n\n````md\n```sh\nnot a block\n```\n````\n',
    );
    expect(blocks.map(({ lang, value }) => ({ lang, value }))).toEqual([
      { lang: 'ts', value: 'const a = 1;' },
      { lang: 'md', value: '```sh\nnot a block\n```' },
    ]);
  });

  it('classifies every block exactly once, and every entry names one block', () => {
    expect(catalogueProblems()).toEqual([]);
    expect(classifiedBlocks().length).toBeGreaterThan(40);
  });

  it('finds a block nobody classified, and an entry whose block is gone', () => {
    const problems = catalogueProblems([
      { file: 'README.md', line: 1, endLine: 3, lang: 'sh', value: 'echo new' },
    ]);
    expect(problems.some((problem) => problem.startsWith('README.md:1 (sh) is in no entry'))).toBe(true);
    expect(problems.some((problem) => problem.includes('matches 0 blocks'))).toBe(true);
  });

  it('gives each TypeScript block a test that fits its language, and each shell block the shell rules', () => {
    for (const block of classifiedBlocks()) {
      const typescript = ['ts', 'tsx', 'js', 'jsx', 'typescript'].includes(block.lang);
      expect(block.test.kind === 'typescript', `${block.file}:${block.line} (${block.lang})`).toBe(
        typescript,
      );
      const shell = ['sh', 'bash', 'shell', 'console'].includes(block.lang);
      expect(block.test.kind === 'shell', `${block.file}:${block.line} (${block.lang})`).toBe(shell);
    }
  });

  it("names `client` in the fetch client's later examples as its first example creates it", () => {
    const readme = readFileSync(join(repoRoot, 'packages/fetch-client/README.md'), 'utf8');
    expect(readme).toContain(fetchClientFirstExample.trim());
    expect(readme).toContain(
      'The examples below go on from the first one: `client` is the client it created.',
    );
  });
});
