import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './workspace.js';

/** One runtime of the matrix as release-check/runtimes.json pins it. */
export interface PinnedRuntime {
  /** The npm package that carries the Linux x64 executable. */
  package: string;
  version: string;
  /** The executable's path inside the package. */
  bin: string;
}

export interface InstalledRuntime extends PinnedRuntime {
  name: string;
  /** Absolute path of the executable. */
  executable: string;
}

export const runtimesFile = join(repoRoot, 'release-check/runtimes.json');
const installCommand = 'bash release-check/scripts/install-runtimes.sh';

/** Every pinned runtime by name (node20, bun, ...); `$comment` and the like are not runtimes. */
export function pinnedRuntimes(file = runtimesFile): Record<string, PinnedRuntime> {
  const entries = Object.entries(JSON.parse(readFileSync(file, 'utf8')) as Record<string, PinnedRuntime>);
  return Object.fromEntries(entries.filter(([name]) => !name.startsWith('$')));
}

/**
 * The executable of runtime `name`, installed by the install script under `<root>/.tools/runtimes/<name>` at its
 * pinned version. A runtime that is missing or at another version is an error naming the command that fixes it:
 * a matrix cell must never pass on, or be skipped for want of, the runtime it names.
 */
export function installedRuntime(
  name: string,
  { file = runtimesFile, root = repoRoot } = {},
): InstalledRuntime {
  const pinned = pinnedRuntimes(file)[name];
  if (!pinned) {
    throw new Error(
      `No runtime "${name}" in ${file} (pinned: ${Object.keys(pinnedRuntimes(file)).join(', ')})`,
    );
  }
  const packageDir = join(root, '.tools/runtimes', name, 'node_modules', pinned.package);
  const manifest = join(packageDir, 'package.json');
  const executable = join(packageDir, pinned.bin);
  const installed = existsSync(manifest)
    ? (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version
    : undefined;
  if (installed !== pinned.version || !existsSync(executable)) {
    const found = installed === undefined ? 'not installed' : `${installed} installed`;
    throw new Error(
      `${name} needs ${pinned.package}@${pinned.version} (${found} in ${packageDir}): run ${installCommand}`,
    );
  }
  return { name, ...pinned, executable };
}

/**
 * The Node release lines that an `engines.node` of the form `>=MAJOR.MINOR[.PATCH]` claims, up to `newestMajor`:
 * the even (long-term support) majors from MAJOR on, each with the lowest version claimed on it. Odd majors are left
 * out: they reach end of life within months, and no user is told to run one.
 */
export function nodeLinesClaimedBy(
  engines: string,
  newestMajor: number,
): Array<{ major: number; minimum: string }> {
  const floor = /^>=\s*(\d+)\.(\d+)(?:\.(\d+))?$/.exec(engines.trim());
  if (!floor)
    throw new Error(
      `engines.node "${engines}" is not of the form >=MAJOR.MINOR: the matrix cannot tell which lines it claims`,
    );
  const [, major = '', minor = '', patch = '0'] = floor;
  const lines: Array<{ major: number; minimum: string }> = [];
  for (let line = Number(major); line <= newestMajor; line += 1) {
    if (line % 2 === 0)
      lines.push({
        major: line,
        minimum: line === Number(major) ? `${major}.${minor}.${patch}` : `${line}.0.0`,
      });
  }
  return lines;
}

/** Whether version `a` (x.y.z) is at least `b`. */
export function versionAtLeast(a: string, b: string): boolean {
  const [x, y] = [a, b].map((version) => version.split('.').map(Number));
  for (let index = 0; index < 3; index += 1) {
    const difference = (x?.[index] ?? 0) - (y?.[index] ?? 0);
    if (difference !== 0) return difference > 0;
  }
  return true;
}
