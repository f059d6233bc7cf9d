import type { Code } from 'mdast';
import { markdownTree, nodesOf } from '../test/markdownTree.js';
import type { Guide } from './guides.js';

/** One code block of a guide, named so a failing test says which. */
export interface GuideBlock {
  guide: Guide;
  lang: string;
  source: string;
  name: string;
}

/** Every fenced block of every guide, in order. */
export function guideBlocks(guides: Guide[]): GuideBlock[] {
  return guides.flatMap((guide) =>
    nodesOf(markdownTree(guide.markdown), 'code').map((code: Code, index) => ({
      guide,
      lang: code.lang ?? '',
      source: code.value,
      name: `${guide.slug} #${index + 1} (${code.lang ?? 'no language'})`,
    })),
  );
}

/** The commands of a shell block: continued lines joined, comments and blank lines left out. */
export function shellCommands(source: string): string[] {
  return source
    .replace(/\\\n\s*/g, '')
    .split('\n')
    .map((line) => line.replace(/\s+#.*$/, '').trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

/** The words of a command as a shell splits them, for the simple quoting the guides use (no quotes inside quotes). */
export function shellWords(command: string): string[] {
  return [...command.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3] ?? '');
}

/**
 * What an `npx` command runs: the package it names (`-p <package>`, or its first word) and the command of it.
 * `npx inference-infra-mcp` names no package: npx would fetch whatever the registry holds under that name.
 */
export function npxTarget(words: string[]): { packageName: string; command: string; args: string[] } {
  const rest = words.slice(words.indexOf('npx') + 1);
  let packageName: string | undefined;
  while (rest[0]?.startsWith('-')) {
    const flag = rest.shift();
    if (flag === '-p' || flag === '--package') packageName = rest.shift();
    else if (flag === '--registry') rest.shift();
  }
  const command = rest.shift() ?? '';
  return { packageName: packageName ?? command, command, args: rest };
}

/** The packages an install line names (`npm install`, `pnpm add`, `yarn add`), flags left out. */
export function installedPackages(words: string[]): string[] | undefined {
  const [tool, verb, ...rest] = words;
  const installs =
    (tool === 'npm' && (verb === 'install' || verb === 'i')) ||
    ((tool === 'pnpm' || tool === 'yarn') && verb === 'add');
  if (!installs) return undefined;
  return rest.filter((word) => !word.startsWith('-')).map((word) => word.replace(/(.)@[^@/]+$/, '$1'));
}
