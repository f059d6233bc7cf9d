import { readFileSync } from 'node:fs';

/** The suite's own version, from its manifest (`../package.json` from both `src/` and `dist/`). */
export function packageVersion(): string {
  const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    version: string;
  };
  return manifest.version;
}
