import { accessSync, constants, readFileSync, statfsSync } from 'node:fs';
import { freemem, tmpdir } from 'node:os';

/** The memory-backed folder Linux machines mount (a tmpfs), where this machine and CI's have one of 24 GiB. */
export const memoryFolder = '/dev/shm';

/**
 * The room a run's install folders take at once, with margin: the consumer and three by-name folders of the release
 * check (about 400 MB each, kept to the end of their file), an example with its build (Next.js: about 600 MB) and the
 * README readers beside them. Below this, in the tmpfs or in the machine's memory, the folders go to disk.
 */
export const neededBytes = 4 * 1024 ** 3;
/** What the rest of a run needs in memory besides the folders: Chromium, the vitest workers, the servers. */
export const spareMemoryBytes = 8 * 1024 ** 3;

export interface InstallTmpdirFacts {
  /** `/proc/mounts`: the memory folder must be a tmpfs that lets binaries run (esbuild's, Next.js's SWC). */
  mounts: string;
  /** Free bytes in the memory folder, and whether this process may write there. */
  folderFreeBytes: number;
  writable: boolean;
  /** Free memory of the machine. */
  freeMemoryBytes: number;
  /** The system's temporary folder, the answer when the memory folder will not do. */
  systemTmpdir: string;
}

/** Where install folders go, from the facts of the machine (see `installTmpdir`). */
export function chooseInstallTmpdir(facts: InstallTmpdirFacts): string {
  const mount = facts.mounts
    .split('\n')
    .map((line) => line.split(' '))
    .find(([, point]) => point === memoryFolder);
  const [, , type, options = ''] = mount ?? [];
  const usable =
    type === 'tmpfs' &&
    !options.split(',').includes('noexec') &&
    facts.writable &&
    facts.folderFreeBytes >= neededBytes &&
    facts.freeMemoryBytes >= neededBytes + spareMemoryBytes;
  return usable ? memoryFolder : facts.systemTmpdir;
}

/** Names the folder outright, to compare the two or where the memory folder should not be used. */
export const installTmpdirVariable = 'INFERENCE_INFRA_INSTALL_TMPDIR';

let chosen: string | undefined;

/**
 * The parent of the folders a suite installs packages into and builds in (a README reader's, an example's, the
 * release check's consumers): the machine's memory folder when it is a tmpfs that runs binaries and has room (in it
 * and in memory), else the system's temporary folder. An install writes thousands of small files, a Next.js or Vite
 * build thousands more, and the folder is removed minutes later: on this machine's disk (ext4, mounted with `discard`)
 * the file system's own work for them is CPU the run does not have to spend. Measured on the 2-core machine, the
 * CPU of the whole machine: `npm install` of a Next.js and Vite app's packages from npm's cache, 28-30 CPU-s on disk,
 * 21-23 in memory; the README readers' suite alone, 207 and 208 CPU-s in memory against 214 and 285 on disk (the
 * suite's own run-to-run spread is that wide). Nothing else changes: a folder there is still a fresh folder with
 * nothing of the repository's above it. `INFERENCE_INFRA_INSTALL_TMPDIR` names the folder outright.
 *
 * Not for a folder pnpm installs into from its store (the release rehearsal's copy, the by-name pnpm folder): the
 * store is on disk, a hard link cannot cross file systems, and pnpm would copy every file or start a cold store.
 */
export function installTmpdir(): string {
  const named = process.env[installTmpdirVariable];
  if (named) return named;
  chosen ??= chooseInstallTmpdir(machineFacts());
  return chosen;
}

function machineFacts(): InstallTmpdirFacts {
  const systemTmpdir = tmpdir();
  let mounts = '';
  let folderFreeBytes = 0;
  let writable = false;
  try {
    mounts = readFileSync('/proc/mounts', 'utf8');
    const stats = statfsSync(memoryFolder);
    folderFreeBytes = stats.bavail * stats.bsize;
    accessSync(memoryFolder, constants.W_OK);
    writable = true;
  } catch {
    // Not Linux, no memory folder, or not ours to write: the system's temporary folder.
  }
  return { mounts, folderFreeBytes, writable, freeMemoryBytes: freemem(), systemTmpdir };
}
