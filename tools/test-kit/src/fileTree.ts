import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/**
 * Small folders of files under the system's temporary folder, for tests of code that reads a tree: `make({ path:
 * text })` writes one (a path ending in `/` is an empty folder) and returns its path; `removeAll()` deletes every one
 * made, for an `afterEach`.
 */
export function fileTrees(prefix = 'tree-') {
  const made: string[] = [];
  return {
    make(files: Record<string, string>): string {
      const dir = mkdtempSync(join(tmpdir(), prefix));
      made.push(dir);
      for (const [path, text] of Object.entries(files)) {
        if (path.endsWith('/')) mkdirSync(join(dir, path), { recursive: true });
        else {
          mkdirSync(dirname(join(dir, path)), { recursive: true });
          writeFileSync(join(dir, path), text);
        }
      }
      return dir;
    },
    removeAll(): void {
      for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
    },
  };
}
