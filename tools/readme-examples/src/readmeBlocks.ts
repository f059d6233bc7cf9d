import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Code } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';

/** The repository's root, with a trailing slash. */
export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** The Markdown files whose code blocks are tests: every README.md of the repository, and CONTRIBUTING.md. */
const coveredNames = new Set(['README.md', 'CONTRIBUTING.md']);
/** Folders that hold no README of ours: dependencies, the toolchain, build and test output, git itself. */
const skippedFolders = new Set([
  'node_modules',
  '.tools',
  '.git',
  '.turbo',
  'dist',
  'dist-server',
  'test-artifacts',
]);

/** One fenced (or indented) code block of a Markdown file, as a Markdown parser reads it. */
export interface ReadmeBlock {
  /** The file, relative to the repository's root (`packages/fetch-client/README.md`). */
  file: string;
  /** The line of the opening fence, 1-based, for messages. */
  line: number;
  /** The block's last line (its closing fence), 1-based: what follows it starts on the next line. */
  endLine: number;
  /** The info string's first word (`ts`, `sh`), or `''` when the fence names none. */
  lang: string;
  /** The block's text, without its fences. */
  value: string;
}

/** Every README.md (and CONTRIBUTING.md) under the repository's root, repository-relative, sorted. */
export function readmeFiles(dir = repoRoot): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!skippedFolders.has(entry.name)) found.push(...readmeFiles(join(dir, entry.name)));
    } else if (coveredNames.has(entry.name)) {
      found.push(relative(repoRoot, join(dir, entry.name)));
    }
  }
  return found.sort();
}

/** The code blocks of one Markdown file, read with mdast-util-from-markdown (CommonMark), in order. */
export function blocksOf(file: string, markdown = readFileSync(join(repoRoot, file), 'utf8')): ReadmeBlock[] {
  const blocks: ReadmeBlock[] = [];
  const visit = (node: { type: string; children?: unknown[] }) => {
    if (node.type === 'code') {
      const code = node as Code;
      blocks.push({
        file,
        line: code.position?.start.line ?? 0,
        endLine: code.position?.end.line ?? 0,
        lang: code.lang ?? '',
        value: code.value,
      });
    }
    for (const child of node.children ?? []) visit(child as { type: string; children?: unknown[] });
  };
  visit(fromMarkdown(markdown));
  return blocks;
}

/** Every code block of every covered file. */
export function allReadmeBlocks(): ReadmeBlock[] {
  return readmeFiles().flatMap((file) => blocksOf(file));
}

/**
 * The paragraph right after a block, its lines joined as a reader reads them (one space between words), or `''` when
 * the file ends or a heading or another block comes first.
 */
export function paragraphAfter(
  block: ReadmeBlock,
  markdown = readFileSync(join(repoRoot, block.file), 'utf8'),
): string {
  const lines = markdown.split('\n').slice(block.endLine);
  const start = lines.findIndex((line) => line.trim() !== '');
  if (start < 0 || /^(#|```|~~~|\|)/.test(lines[start] ?? '')) return '';
  const end = lines.findIndex((line, index) => index > start && line.trim() === '');
  return lines
    .slice(start, end < 0 ? undefined : end)
    .join(' ')
    .replaceAll(/\s+/g, ' ')
    .trim();
}

/** How a block is named in messages: `packages/fetch-client/README.md:16 (ts)`. */
export function blockName(block: ReadmeBlock): string {
  return `${block.file}:${block.line} (${block.lang || 'no language'})`;
}
