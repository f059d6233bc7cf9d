import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';

/**
 * Each package's "Source layout" (in its README, or in `docs/maintainers.md` for maintainers) is the map a newcomer
 * opens first; a map that names a folder which moved, or misses one, sends them hunting. These rules hold it to the
 * tree: every folder of `src/` is a row of the table, and every path the section names exists.
 */

/** Where a package may keep its layout, in the order they are read. */
export const layoutFiles = ['README.md', 'docs/maintainers.md'] as const;

export interface LayoutSection {
  /** The file that holds it, relative to the package. */
  file: string;
  text: string;
}

/** The section under the first heading named "Source layout", up to the next heading of its level or above. */
export function sourceLayoutSection(markdown: string): string | undefined {
  const lines = markdown.split('\n');
  const start = lines.findIndex((line) => /^#{1,6}\s+Source layout\s*$/i.test(line));
  if (start === -1) return undefined;
  const level = (lines[start]?.match(/^#+/)?.[0] ?? '#').length;
  const rest = lines.slice(start + 1);
  const end = rest.findIndex((line) => {
    const heading = line.match(/^(#{1,6})\s/);
    return heading !== null && (heading[1]?.length ?? 7) <= level;
  });
  return (end === -1 ? rest : rest.slice(0, end)).join('\n');
}

export function findLayoutSection(packageDir: string): LayoutSection | undefined {
  for (const file of layoutFiles) {
    const path = join(packageDir, file);
    if (!existsSync(path)) continue;
    const text = sourceLayoutSection(readFileSync(path, 'utf8'));
    if (text !== undefined) return { file, text };
  }
  return undefined;
}

interface TableRow {
  /** The backticked names of the first cell. */
  names: string[];
}

const backticked = (text: string) => [...text.matchAll(/`([^`]+)`/g)].map((match) => match[1] ?? '');

/** The body rows of the section's tables: header and separator rows left out. */
function tableRows(section: string): TableRow[] {
  const rows: TableRow[] = [];
  let inTable = false;
  for (const line of section.split('\n')) {
    if (!line.trimStart().startsWith('|')) {
      inTable = false;
      continue;
    }
    const cells = line.trim().replace(/^\|/, '').replace(/\|$/, '').split('|');
    if (!inTable) {
      inTable = true; // the header row
      continue;
    }
    if (cells.every((cell) => /^\s*:?-+:?\s*$/.test(cell))) continue;
    rows.push({ names: backticked(cells[0] ?? '') });
  }
  return rows;
}

/**
 * A backticked text is read as a path when it looks like one: a name with a slash or a source file's extension, with
 * no space, no glob, no URL, no package name and no absolute path (`/v1` is a route, not a file).
 */
export function looksLikePath(text: string): boolean {
  if (/[\s*{}<>:$]/.test(text) || text.startsWith('@') || text.startsWith('/') || text.startsWith('-'))
    return false;
  return text.includes('/') || /\.(ts|tsx|js|mjs|cjs|json)$/.test(text);
}

const isDirectory = (path: string) => existsSync(path) && statSync(path).isDirectory();

/** What is wrong with one package's layout section, each problem naming the path and the rule; empty when it holds. */
export function layoutProblems(packageDir: string): string[] {
  const src = join(packageDir, 'src');
  if (!isDirectory(src)) return [];
  const section = findLayoutSection(packageDir);
  if (!section) {
    return [`no "Source layout" heading in ${layoutFiles.join(' or ')}: each folder of src/ needs a row`];
  }
  const rows = tableRows(section.text);
  if (rows.length === 0)
    return [`${section.file}: "Source layout" has no table with a row per folder of src/`];
  const problems: string[] = [];

  const listed = new Set(rows.flatMap((row) => row.names).map((name) => name.replace(/^src\//, '')));
  for (const entry of readdirSync(src, { withFileTypes: true })) {
    if (entry.isDirectory() && !listed.has(`${entry.name}/`)) {
      problems.push(`${section.file}: src/${entry.name}/ is a folder of src/ with no row in "Source layout"`);
    }
  }

  // A path is relative to src/, the package or the repository; a bare file name (`http.ts`) may sit in any folder of src/.
  const fileNames = new Set(filesUnder(src).map((path) => basename(path)));
  const named = new Set([...backticked(section.text)].filter(looksLikePath));
  for (const name of named) {
    const exists = name.includes('/')
      ? [
          join(src, name.replace(/^src\//, '')),
          join(packageDir, name),
          join(packageDir, '..', '..', name),
        ].some((path) => (name.endsWith('/') ? isDirectory(path) : existsSync(path)))
      : fileNames.has(name);
    if (!exists)
      problems.push(`${section.file}: "Source layout" names \`${name}\`, which is no path of the package`);
  }
  return problems;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}
