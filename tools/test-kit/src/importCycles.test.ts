import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { root as repoRoot, testWorkspaces } from '../../../scripts/testWorkspaces.mjs';
import { fileTrees } from './fileTree.js';
import { importCyclesUnder } from './importCycles.js';

/** Every workspace of pnpm-workspace.yaml: the packages, the tools, the spec, the docs, the bench, the release check. */
const sourceDirs = testWorkspaces()
  .map(({ workspace }) => workspace)
  .sort();

describe('the imports of each workspace', () => {
  it.each(sourceDirs)('%s: no two files import each other, directly or round a loop', (dir) => {
    expect(importCyclesUnder(join(repoRoot, dir), repoRoot)).toEqual([]);
  });
});

describe('the loop finder', () => {
  const trees = fileTrees('cycles-');
  afterEach(trees.removeAll);
  const folderWith = trees.make;

  it('finds a loop of three, a type-only pair and a self-import, and names each file', () => {
    const dir = folderWith({
      'a.ts': "import { b } from './b.js';\nexport const a = b;",
      'b.ts': "export { c as b } from './sub/c.js';",
      'sub/c.ts': "import '../a.js';\nexport const c = 1;",
      'd.ts': "import type { E } from './e.js';\nexport type D = E;",
      'e.ts': "import type { D } from './d.js';\nexport type E = D | 1;",
      'f.ts': "export const f = () => import('./f.js');",
    });
    expect(importCyclesUnder(dir, dir).sort()).toEqual([
      'a.ts <-> b.ts <-> sub/c.ts',
      'd.ts <-> e.ts',
      'f.ts',
    ]);
  });

  it('passes a tree whose imports all run one way, tests, packages, builds and test artifacts left out', () => {
    const dir = folderWith({
      'a.ts': "import { b } from './b.js';\nimport x from 'some-package';\nexport const a = b + x;",
      'b.ts': 'export const b = 1;',
      'a.test.ts': "import { a } from './a.js';\nimport { b } from './b.js';",
      'b.test.ts': "import './a.test.js';",
      // What was installed, built or left by a test run is not source, whatever its files import.
      'node_modules/x/a.ts': "import './b.js';",
      'node_modules/x/b.ts': "import './a.js';",
      'dist/a.ts': "import './a.js';",
      'test-artifacts/client/types.gen.ts': "import './utils.gen.js';",
      'test-artifacts/client/utils.gen.ts': "import './types.gen.js';",
    });
    expect(importCyclesUnder(dir, dir)).toEqual([]);
  });
});
