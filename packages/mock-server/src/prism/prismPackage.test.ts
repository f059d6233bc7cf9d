import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  isPrismNotInstalled,
  PrismNotInstalledError,
  prismCliPath,
  prismPackageVersion,
} from './prismPackage.js';

const notFound = (id: string): string => {
  throw Object.assign(new Error(`Cannot find module '${id}'`), { code: 'MODULE_NOT_FOUND' });
};

describe('prismCliPath, where Prism (an optional peer) is not installed', () => {
  it('throws a PrismNotInstalledError naming what asked for Prism, the package and the line that installs it', () => {
    let thrown: unknown;
    try {
      prismCliPath('--engine prism', notFound);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(PrismNotInstalledError);
    expect(isPrismNotInstalled(thrown)).toBe(true);
    expect((thrown as Error).message).toBe(
      '--engine prism needs Prism (@stoplight/prism-cli), an optional peer dependency that is not installed: npm install --save-dev @stoplight/prism-cli@5.14.2',
    );
  });

  it('tells the error apart by its code, whichever copy of the package threw it', () => {
    expect(isPrismNotInstalled({ code: 'PRISM_NOT_INSTALLED' })).toBe(true);
    expect(isPrismNotInstalled(new Error('prism mock exited with code 1'))).toBe(false);
    expect(isPrismNotInstalled(undefined)).toBe(false);
  });
});

it('finds the Prism this repository installs for its tests', () => {
  expect(existsSync(prismCliPath('a test'))).toBe(true);
});

it('names the version this repository tests with, the one the peer range starts at', () => {
  const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
  expect(manifest.devDependencies['@stoplight/prism-cli']).toBe(prismPackageVersion);
  expect(manifest.peerDependencies['@stoplight/prism-cli']).toBe(`^${prismPackageVersion}`);
  expect(manifest.dependencies['@stoplight/prism-cli']).toBeUndefined();
});
