import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { root as repoRoot, testWorkspaces } from '../../../scripts/testWorkspaces.mjs';
import { fileTrees } from './fileTree.js';
import { layoutProblems, looksLikePath, sourceLayoutSection } from './sourceLayout.js';

const packageDirs = testWorkspaces()
  .map(({ workspace }) => workspace)
  .filter((workspace) => workspace.startsWith('packages/'))
  .sort();

describe('each package\'s "Source layout"', () => {
  it.each(packageDirs)('%s: names every folder of src/ and no path that is gone', (dir) => {
    expect(layoutProblems(join(repoRoot, dir))).toEqual([]);
  });
});

describe('the layout rules', () => {
  const trees = fileTrees('layout-');
  afterEach(trees.removeAll);
  /** A package folder holding `files` (path to text; a path ending in `/` is an empty folder). */
  const packageWith = trees.make;

  const layout = (rows: string, prose = '') =>
    `# pkg\n\n## Source layout\n\n${prose}\n\n| folder | holds |\n| --- | --- |\n${rows}\n\n## Next\n\n\`gone/x.ts\`\n`;
  const tree = { 'src/index.ts': '', 'src/run/http.ts': '', 'src/cli/main.ts': '' };

  it('accept a table that names every folder and paths that exist, bare file names anywhere in src/', () => {
    const dir = packageWith({
      ...tree,
      'README.md': layout(
        '| `run/` | the exchange (`http.ts`) |\n| `cli/` | `cli/main.ts` |',
        'See `index.ts`.',
      ),
    });
    expect(layoutProblems(dir)).toEqual([]);
  });

  it('refuse a folder of src/ with no row, naming it', () => {
    const dir = packageWith({ ...tree, 'README.md': layout('| `run/` | the exchange |') });
    expect(layoutProblems(dir)).toEqual([
      'README.md: src/cli/ is a folder of src/ with no row in "Source layout"',
    ]);
  });

  it('refuse a path that moved away, in the table or the prose, naming it', () => {
    const dir = packageWith({
      ...tree,
      'README.md': layout('| `run/` | `run/redaction.ts` |\n| `cli/`, `engine/` | |', 'Also `keyForms.ts`.'),
    });
    expect(layoutProblems(dir)).toEqual([
      'README.md: "Source layout" names `keyForms.ts`, which is no path of the package',
      'README.md: "Source layout" names `run/redaction.ts`, which is no path of the package',
      'README.md: "Source layout" names `engine/`, which is no path of the package',
    ]);
  });

  it('read docs/maintainers.md when the README has no layout, and refuse a package with none', () => {
    const documented = packageWith({ ...tree, 'docs/maintainers.md': layout('| `run/` | |\n| `cli/` | |') });
    expect(layoutProblems(documented)).toEqual([]);
    const undocumented = packageWith({ ...tree, 'README.md': '# pkg\n' });
    expect(layoutProblems(undocumented)).toEqual([
      'no "Source layout" heading in README.md or docs/maintainers.md: each folder of src/ needs a row',
    ]);
  });

  it('end the section at the next heading of its level, and read only path-like names as paths', () => {
    expect(sourceLayoutSection('## Source layout\n\na\n### inner\nb\n## After\nc')).toBe('\na\n### inner\nb');
    expect(['run/http.ts', 'http.ts', 'cli/', 'bin/x.js'].every(looksLikePath)).toBe(true);
    expect(
      ['runChecks', '/v1', '@inference-infra/edge/node', 'src/*.gen.ts', 'GET /a/b', 'https://x/y'].some(
        looksLikePath,
      ),
    ).toBe(false);
  });
});
