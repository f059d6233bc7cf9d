import { execFile } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { strictTsconfig } from '@inference-infra/test-kit/strictTsconfig';
import { expect, it } from 'vitest';
import { classifiedBlocks } from './classifiedBlocks.js';
import { blocksDir, writeBlock } from './typescriptBlocks.js';

const run = promisify(execFile);
const require = createRequire(import.meta.url);

/**
 * A reader's strict project: ES2022, Node16-style modules (so imports resolve through each package's `exports`, as
 * Node resolves them), strict with unchecked index access, DOM and Node types both (the READMEs hold server and page
 * code), React's JSX. `skipLibCheck` as most projects have it: the packages' own declarations are checked in theirs.
 */
const tsconfig = strictTsconfig({ skipLibCheck: true, jsx: 'react-jsx' }, ['*.ts', '*.tsx']);

it('type-checks every TypeScript block of every README, as shown, with tsc --strict', async () => {
  rmSync(blocksDir, { recursive: true, force: true });
  const typescript = classifiedBlocks().filter((block) => block.test.kind === 'typescript');
  const files = new Map(typescript.map((block) => [relative(blocksDir, writeBlock(block)), block]));
  writeFileSync(join(blocksDir, 'tsconfig.json'), JSON.stringify(tsconfig, null, 2));
  // The package.json of a reader's ESM project: `type: module`, so top-level await and NodeNext ESM rules apply.
  writeFileSync(join(blocksDir, 'package.json'), JSON.stringify({ type: 'module', private: true }));
  const check = await run(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', blocksDir]).catch(
    (error: { stdout: string }) => error,
  );
  // Each error named by the README block it is in, for the reader of a failed run.
  const errors = check.stdout
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const block = files.get(line.split('(')[0] ?? '');
      return block ? `${block.file}:${block.line} → ${line}` : line;
    });
  expect(errors).toEqual([]);
  expect(files.size).toBeGreaterThan(15);
});
