import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ClassifiedBlock } from './classifiedBlocks.js';

/**
 * Where the blocks are written to be checked and run, inside this workspace so that their imports resolve to its
 * dependencies (the workspace packages, react, openai, msw, hono) as a reader's project resolves them.
 */
export const blocksDir = fileURLToPath(new URL('../test-artifacts/blocks/', import.meta.url));

/** A block that imports and exports nothing is a script; as a module file its top-level `await` compiles too. */
function asModule(source: string): string {
  return /^\s*(import|export)\s/m.test(source) ? source : `${source}\nexport {};\n`;
}

/** The block as its file holds it: the catalogue's preamble (what the README says the names are), then the block. */
export function sourceOf(block: ClassifiedBlock): string {
  const preamble = block.test.kind === 'typescript' ? (block.test.preamble ?? '') : '';
  return asModule(`${preamble}${block.value}\n`);
}

export function extensionOf(block: ClassifiedBlock): string {
  return block.lang === 'tsx' || block.lang === 'jsx' ? 'tsx' : 'ts';
}

/** Writes the block's file into `dir` (the blocks folder by default) and returns its path. */
export function writeBlock(block: ClassifiedBlock, source = sourceOf(block), dir = blocksDir): string {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${block.slug}.${extensionOf(block)}`);
  writeFileSync(path, source);
  return path;
}

/**
 * The block as it runs against the test's simulator: the local mock's default addresses, as the READMEs give them,
 * replaced by the simulator's. Nothing else is changed.
 */
export function pointedAt(source: string, mock: { baseUrl: string; platformUrl: string }): string {
  return source
    .replaceAll('http://127.0.0.1:4010/v1', mock.baseUrl.replace(/\/$/, ''))
    .replaceAll('http://127.0.0.1:4011', mock.platformUrl.replace(/\/$/, ''));
}

/**
 * The type-checking tools a reader adds to type-check a file: TypeScript as `npm install --save-dev typescript` brings
 * it today (7, the native compiler: npm's `latest`; its `tsc` reads the same flags and prints the same errors as 5.9's,
 * for about a quarter of the CPU), Node's types, and React's for JSX. Exact for TypeScript, so a new release is a
 * change here, not a surprise. TypeScript 5.9 reads our declaration files in release-check's consumer.
 */
export const readerTypeCheckTools = (jsx: boolean): string =>
  ['typescript@7.0.2', '@types/node@^22', ...(jsx ? ['@types/react@^19', '@types/react-dom@^19'] : [])].join(
    ' ',
  );

/**
 * How a reader type-checks blocks: `tsc` on the command line, which reads no tsconfig.json (no README tells a reader
 * to make one, so the flags are the whole configuration), strict, and with `--skipLibCheck` as `tsc --init` sets it.
 * The blocks are still checked against every declaration they use; the declaration files themselves are not checked
 * again here: ours are checked whole by release-check's consumer (skipLibCheck false, three module resolutions), and
 * other libraries' are theirs. Checking them whole tripled the CPU (a block using the MCP SDK: 20.7 -> 7.1 s).
 * `--types node`: since TypeScript 6 no `@types` package is read unless named (`types` defaults to `[]`, and `tsc
 * --init` writes `"types": ["node"]` for a Node project), so a block using `process` needs Node's named.
 */
export const readerTscCommand = (files: string[], jsx: boolean): string =>
  `npx tsc --strict --noEmit --skipLibCheck --module nodenext --moduleResolution nodenext --target es2022 --types node${jsx ? ' --jsx react-jsx' : ''} ${files.join(' ')}`;
