import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  chooseInstallTmpdir,
  type InstallTmpdirFacts,
  installTmpdir,
  installTmpdirVariable,
  memoryFolder,
  neededBytes,
  spareMemoryBytes,
} from './installTmpdir.js';

const gib = 1024 ** 3;
const tmpfsLine = (options: string) => `tmpfs ${memoryFolder} tmpfs ${options} 0 0`;
const roomy: InstallTmpdirFacts = {
  mounts: ['/dev/vda / ext4 rw,relatime,discard 0 0', tmpfsLine('rw,relatime,size=24683620k')].join('\n'),
  folderFreeBytes: 24 * gib,
  writable: true,
  freeMemoryBytes: 20 * gib,
  systemTmpdir: '/tmp',
};

describe('chooseInstallTmpdir', () => {
  it('takes the memory folder when it is a writable tmpfs that runs binaries, with room in it and in memory', () => {
    expect(chooseInstallTmpdir(roomy)).toBe(memoryFolder);
  });

  it('takes the system temporary folder when any one condition fails, whatever the others', () => {
    const facts = fc.record({
      type: fc.constantFrom('tmpfs', 'ext4', 'overlay', 'none'),
      listed: fc.boolean(),
      noexec: fc.boolean(),
      otherOptions: fc.subarray(['rw', 'nosuid', 'nodev', 'relatime', 'size=24683620k', 'mode=1777']),
      writable: fc.boolean(),
      folderFreeBytes: fc.integer({ min: 0, max: 64 * gib }),
      freeMemoryBytes: fc.integer({ min: 0, max: 64 * gib }),
    });
    fc.assert(
      fc.property(facts, (f) => {
        const options = [...f.otherOptions, ...(f.noexec ? ['noexec'] : [])].join(',') || 'rw';
        const mounts = [
          '/dev/vda / ext4 rw,relatime 0 0',
          ...(f.listed ? [`${f.type} ${memoryFolder} ${f.type} ${options} 0 0`] : []),
        ].join('\n');
        const usable =
          f.listed &&
          f.type === 'tmpfs' &&
          !f.noexec &&
          f.writable &&
          f.folderFreeBytes >= neededBytes &&
          f.freeMemoryBytes >= neededBytes + spareMemoryBytes;
        const chosen = chooseInstallTmpdir({ ...f, mounts, systemTmpdir: '/var/tmp' });
        expect(chosen).toBe(usable ? memoryFolder : '/var/tmp');
      }),
    );
  });

  it('reads a mount point exactly: a folder under the memory folder, or one named like it, is not it', () => {
    for (const point of [`${memoryFolder}/sub`, `${memoryFolder}2`, '/run/shm']) {
      expect(chooseInstallTmpdir({ ...roomy, mounts: `tmpfs ${point} tmpfs rw 0 0` })).toBe('/tmp');
    }
  });

  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('takes the folder INFERENCE_INFRA_INSTALL_TMPDIR names, over what the machine offers', () => {
    vi.stubEnv(installTmpdirVariable, '/var/tmp/installs');
    expect(installTmpdir()).toBe('/var/tmp/installs');
    vi.stubEnv(installTmpdirVariable, '');
    expect([memoryFolder, tmpdir()]).toContain(installTmpdir());
  });

  it('gives this machine a folder a suite can make install folders in, the same one every call', () => {
    const chosen = installTmpdir();
    expect(installTmpdir()).toBe(chosen);
    const folder = mkdtempSync(join(chosen, 'inference-infra-install-tmpdir-test-'));
    try {
      writeFileSync(join(folder, 'probe'), 'x');
      expect(existsSync(join(folder, 'probe'))).toBe(true);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
