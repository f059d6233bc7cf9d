import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/**
 * Files that import each other, directly or round a loop, cannot be read one at a time: a newcomer changing one has
 * to hold the whole loop. The source layouts promise floors (a layer imports only the layers below it); this finds
 * every loop of relative imports among a folder's source files, type-only imports included, since they tie the files
 * as firmly for a reader.
 */

const sourceFile = /\.(ts|tsx|mts)$/;
/** Tests may import anything they test; they are read one at a time and nothing imports them. */
const testFile = /\.test(-d)?\.(ts|tsx|mts)$|\.d\.ts$/;

/**
 * Folders of what was installed or made, not written: builds, and what tests leave (docs' test-artifacts holds the
 * client @hey-api/openapi-ts generates, whose own files import each other; this test read it when run after docs').
 */
const notSource = new Set(['node_modules', 'dist', 'test-artifacts']);

export function sourceFilesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return notSource.has(entry.name) ? [] : sourceFilesUnder(path);
    return sourceFile.test(entry.name) && !testFile.test(entry.name) ? [resolve(path)] : [];
  });
}

/** The files of `files` that `file` imports by a relative specifier (`./x.js` names `x.ts`, as TypeScript reads it). */
function importsOf(file: string, files: Set<string>): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return importedFiles.flatMap(({ fileName }) => {
    if (!fileName.startsWith('.')) return [];
    const base = resolve(dirname(file), fileName);
    const stem = base.replace(/\.(m?js|jsx)$/, '');
    const candidates = [base, `${stem}.ts`, `${stem}.tsx`, `${stem}.mts`, join(base, 'index.ts')];
    const found = candidates.find((candidate) => files.has(candidate));
    return found ? [found] : [];
  });
}

/** Each loop of imports among `files` (Tarjan's strongly connected components of two or more, or a self-import). */
export function importCycles(files: string[]): string[][] {
  const known = new Set(files);
  const graph = new Map(files.map((file) => [file, importsOf(file, known)]));
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let next = 0;
  const visit = (file: string) => {
    order.set(file, next);
    low.set(file, next);
    next += 1;
    stack.push(file);
    onStack.add(file);
    for (const imported of graph.get(file) ?? []) {
      if (!order.has(imported)) {
        visit(imported);
        low.set(file, Math.min(low.get(file) ?? 0, low.get(imported) ?? 0));
      } else if (onStack.has(imported)) {
        low.set(file, Math.min(low.get(file) ?? 0, order.get(imported) ?? 0));
      }
    }
    if (low.get(file) !== order.get(file)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || graph.get(file)?.includes(file)) cycles.push(component.sort());
  };
  for (const file of files) if (!order.has(file)) visit(file);
  return cycles;
}

/** The loops among the source files under `dir`, each as paths relative to `root`. */
export function importCyclesUnder(dir: string, root: string): string[] {
  return importCycles(sourceFilesUnder(dir)).map((cycle) =>
    cycle.map((file) => relative(root, file).replaceAll('\\', '/')).join(' <-> '),
  );
}
