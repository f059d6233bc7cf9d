import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { isMap, isSeq, parseDocument } from 'yaml';

export const specDir = fileURLToPath(new URL('..', import.meta.url));
export const rulesetPath = join(specDir, '.spectral.yaml');

export interface Diagnostic {
  code: string;
  /** 0 error, 1 warning, 2 information, 3 hint. */
  severity: number;
  message: string;
  /** Where in the linted document, as a JSON pointer with Spectral's encoding (`{` as %7B). */
  pointer: string;
  source: string;
}

const cli = join(
  dirname(createRequire(import.meta.url).resolve('@stoplight/spectral-cli/package.json')),
  'dist/index.js',
);

/** A JSON pointer in Spectral's encoding (`~1` for `/`, then URI-encoded: `{id}` is `%7Bid%7D`). */
export const toPointer = (path: Array<string | number>) =>
  path
    .map((part) => `/${encodeURIComponent(String(part).replace(/~/g, '~0').replace(/\//g, '~1'))}`)
    .join('');

/** Lints one document with one ruleset through the CLI, as CI and a reviewer run it; no network is used. */
export async function spectralLint(document: string, ruleset = rulesetPath): Promise<Diagnostic[]> {
  const args = [cli, 'lint', document, '--ruleset', ruleset, '--format', 'json', '--quiet'];
  const stdout = await promisify(execFile)(process.execPath, args, {
    cwd: specDir,
    maxBuffer: 64 << 20,
  }).then(
    (result) => result.stdout,
    // Spectral exits 1 when it finds an error; the findings are still on stdout.
    (error: { stdout?: string }) => {
      if (!error.stdout?.trim().startsWith('[')) throw error;
      return error.stdout;
    },
  );
  return JSON.parse(stdout).map(
    (d: {
      code: string;
      severity: number;
      message: string;
      path: Array<string | number>;
      source: string;
    }) => ({
      code: d.code,
      severity: d.severity,
      message: d.message,
      pointer: toPointer(d.path),
      source: d.source,
    }),
  );
}

export interface Waiver {
  /** The text above the override in `.spectral.yaml`: the reason. */
  reason: string;
  /** JSON pointers, as written after `#` (Spectral's encoding). */
  pointers: string[];
  rules: string[];
}

/** The pointer overrides of the committed ruleset, each with the comment above it. */
export function readWaivers(): Waiver[] {
  const document = parseDocument(readFileSync(rulesetPath, 'utf8'));
  const overrides = document.get('overrides');
  if (!isSeq(overrides)) throw new Error('.spectral.yaml has no overrides list');
  return overrides.items.map((item, i) => {
    if (!isMap(item)) throw new Error('an override is not a map');
    const files = (item.toJSON().files ?? []) as string[];
    // The parser hangs the comment above the first item on the list itself.
    const comment = item.commentBefore ?? (i === 0 ? overrides.commentBefore : undefined);
    return {
      reason: (comment ?? '').trim(),
      pointers: files.map((file) => file.slice(file.indexOf('#') + 1)),
      rules: Object.keys(item.toJSON().rules ?? {}),
    };
  });
}

/** The text of `.spectral.yaml` before `overrides:`, i.e. its header and `extends`. */
export function rulesetWithoutWaivers(): string {
  const text = readFileSync(rulesetPath, 'utf8');
  return text.slice(0, text.indexOf('\noverrides:') + 1);
}

export const under = (pointer: string, root: string) => pointer === root || pointer.startsWith(`${root}/`);
