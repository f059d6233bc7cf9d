import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type ClassifiedBlock, classifiedBlocks } from './classifiedBlocks.js';
import { blocksOf, repoRoot } from './readmeBlocks.js';
import { commandsOf, ruleOf } from './shellCommands.js';

/**
 * How a reader follows a README, read from the README itself: its install line, then each block saved under the file
 * name its text gives and run with the command its text gives. Nothing here names a README: a README that says
 * `saved as first.mts and run with npx tsx first.mts` is followed as it says, and one that says nothing gets the
 * defaults a reader would reach for (`npx tsx`, an `.mts` file so that top-level await works in any folder).
 */

/**
 * The rules whose commands set up a reader's folder: a new project where the README asks for one, and each install
 * of our packages by name. They run in the README's order.
 */
export const installRules = [
  'a new project of ES modules',
  'install from npm',
  'install by name from the local registry',
];

/** A README's setup and install commands, as it shows them, in its order. */
export function installLinesOf(file: string): string[] {
  return blocksOf(file)
    .filter((block) => ['sh', 'bash', 'shell'].includes(block.lang))
    .flatMap((block) => commandsOf(block.value))
    .filter((command) => installRules.includes(ruleOf(command)?.name ?? ''));
}

/**
 * An install line as the test runs it with npm: against the test's registry (the README's own `--registry` address
 * replaced, or the flag added where the line has none, as the READMEs tell a reader to until the packages are
 * published). `pnpm add` lines run as the `npm install` their READMEs offer beside them.
 */
export function installCommand(line: string, registryUrl: string): string {
  if (!/^(npm install|pnpm add)\b/.test(line)) return line;
  const registry = registryUrl.replace(/\/$/, '');
  const npm = line.replace(
    /^pnpm add( -D| --save-dev)?/,
    (_all, dev) => `npm install${dev ? ' --save-dev' : ''}`,
  );
  return /--registry \S+/.test(npm)
    ? npm.replace(/--registry \S+/, `--registry ${registry}`)
    : `${npm} --registry ${registry}`;
}

/** Our package names an install line installs. */
export const ourPackagesOf = (line: string) =>
  line.split(' ').filter((word) => word.startsWith('@inference-infra/'));

/** The Markdown between the block before this one (or the file's start) and this block: what a reader just read. */
export function proseBefore(block: { file: string; line: number }): string {
  const lines = readFileSync(join(repoRoot, block.file), 'utf8').split('\n');
  const previous = blocksOf(block.file)
    .filter((other) => other.line < block.line)
    .at(-1);
  const start = previous ? previous.line + previous.value.split('\n').length + 1 : 0;
  return lines.slice(start, block.line - 1).join('\n');
}

/** The inline code spans of some Markdown, their line breaks read as spaces, as they render. */
export const inlineCode = (markdown: string) =>
  [...markdown.matchAll(/`([^`]+)`/g)].map((match) => (match[1] ?? '').replaceAll(/\s+/g, ' ').trim());

const sourceFile = /^\w[\w./-]*\.(mts|cts|ts|tsx|mjs|cjs|js|html)$/;
const runCommand = /^(npx tsx|node) (\S+\.(mts|cts|ts|tsx|mjs|cjs|js))$/;

export interface ReaderStep {
  block: ClassifiedBlock;
  /** The file the reader saves the block as, in the folder. */
  fileName: string;
  /** What the reader runs it with, from the folder. */
  command: string;
  /** Where the file name and the command come from, for messages. */
  source: string;
}

/**
 * The file name and command of a block: the command the text before it gives (`run with npx tsx first.mts`), else
 * a file the text or the block's first comment names (`saved as first.mts`, `// server.ts: ...`), else, for a block
 * that goes on from the README's first example, that example's file, else `<README>-L<line>.mts` (`.tsx` for JSX).
 */
export function readerStep(block: ClassifiedBlock, first?: ReaderStep): ReaderStep {
  const spans = inlineCode(proseBefore(block));
  const run = spans.map((span) => span.match(runCommand)).find(Boolean);
  if (run) return { block, fileName: run[2] as string, command: run[0], source: 'the text before it' };
  // Only a file the reader is told to save the block as: "saved as `first.mts`", a caption "`public/index.html`:", or
  // the block's first comment (`// server.ts: ...`). A file the text merely mentions is the repository's.
  const prose = proseBefore(block).replaceAll(/\s+/g, ' ').trim();
  const named =
    prose.match(/\bsaved? (?:it )?as `([^`]+)`/)?.[1] ??
    prose.match(/`([^`]+)`:$/)?.[1] ??
    block.value.match(/^\/\/ ([\w./-]+\.\w+)[: ]/)?.[1];
  if (named && sourceFile.test(named))
    return { block, fileName: named, command: `npx tsx ${named}`, source: 'the file name it is given' };
  if (first && block.test.kind === 'typescript' && block.test.preamble) {
    return {
      block,
      fileName: first.fileName,
      command: first.command,
      source: 'its first example, which it goes on from',
    };
  }
  const fileName = `${block.slug}.${block.lang === 'tsx' ? 'tsx' : 'mts'}`;
  return { block, fileName, command: `npx tsx ${fileName}`, source: 'nothing: the default' };
}

/** The packages a block imports by name (not Node's own modules, not files). */
export function importedPackages(source: string): string[] {
  const specifiers = [
    ...source.matchAll(/(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]/g),
  ].map((match) => match[1] ?? '');
  const packages = specifiers
    .filter((specifier) => !specifier.startsWith('.') && !specifier.startsWith('node:'))
    .map((specifier) =>
      specifier
        .split('/')
        .slice(0, specifier.startsWith('@') ? 2 : 1)
        .join('/'),
    );
  return [...new Set(packages)];
}

/**
 * The packages a block imports that its README's install line does not bring, which the text before the block must
 * name (`npm install openai`, "msw 2 is an optional peer", "With Hono:"): a reader installs what they are told of.
 */
export function namedInProse(block: ClassifiedBlock, packageName: string): boolean {
  const prose = proseBefore(block).toLowerCase();
  const name = packageName.toLowerCase();
  return new RegExp(`(^|[\\s\`(])${name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}([\\s\`),.:]|$)`).test(prose);
}

/** Each README that a reader follows: its install lines and, in order, the blocks that run or type-check in its folder. */
export function readerPlans(): { file: string; installLines: string[]; steps: ReaderStep[] }[] {
  const blocks = classifiedBlocks().filter(
    (block) => block.test.kind === 'typescript' && block.test.run !== 'own-test',
  );
  const files = [...new Set([...blocks.map((block) => block.file), ...readmesWithInstallLines()])].sort();
  return files.map((file) => {
    const steps: ReaderStep[] = [];
    for (const block of blocks.filter((candidate) => candidate.file === file)) {
      steps.push(readerStep(block, steps[0]));
    }
    return { file, installLines: installLinesOf(file), steps };
  });
}

function readmesWithInstallLines(): string[] {
  return [...new Set(classifiedBlocks().map((block) => block.file))].filter(
    (file) => installLinesOf(file).length > 0,
  );
}
