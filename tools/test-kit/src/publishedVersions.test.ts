import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const packagesDir = fileURLToPath(new URL('../../../packages/', import.meta.url));

it('gives every published package the same version, so a user never meets 0.0.0 beside 0.1.0', () => {
  const published = readdirSync(packagesDir)
    .map((dir) => JSON.parse(readFileSync(join(packagesDir, dir, 'package.json'), 'utf8')))
    .filter((manifest) => !manifest.private);
  expect(published.length).toBeGreaterThan(5);
  const versions = new Map(published.map((manifest) => [manifest.name, manifest.version]));
  expect(new Set(versions.values()), JSON.stringify(Object.fromEntries(versions))).toHaveLength(1);
  expect([...versions.values()][0]).not.toBe('0.0.0');
});
