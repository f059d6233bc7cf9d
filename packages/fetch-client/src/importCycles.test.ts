import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// No two modules of the package import each other, directly or in a loop (type-only imports included): a cycle
// makes the load order decide what a module sees, and hides which of the two owns the concern.

const src = dirname(fileURLToPath(import.meta.url));

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test(-d)?\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)].map((match) =>
    resolve(dirname(file), (match[1] as string).replace(/\.js$/, '.ts')),
  );
}

describe('the import graph of src/', () => {
  it('has no cycle', () => {
    const files = sourceFiles(src);
    const graph = new Map(files.map((file) => [file, importsOf(file).filter((dep) => files.includes(dep))]));
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const path: string[] = [];
    const visit = (file: string) => {
      state.set(file, 'open');
      path.push(file);
      for (const dep of graph.get(file) ?? []) {
        if (state.get(dep) === 'open') {
          cycles.push([...path.slice(path.indexOf(dep)), dep].map((f) => relative(src, f)).join(' -> '));
        } else if (!state.has(dep)) visit(dep);
      }
      path.pop();
      state.set(file, 'done');
    };
    for (const file of files) if (!state.has(file)) visit(file);
    expect(files.length).toBeGreaterThan(20);
    expect(cycles).toEqual([]);
  });
});
