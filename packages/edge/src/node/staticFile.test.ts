import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { staticFileFor } from './staticFile.js';

describe('staticFileFor', () => {
  const outside = mkdtempSync(join(tmpdir(), 'edge-outside-'));
  writeFileSync(join(outside, 'secret.txt'), 'not for the web');
  const root = mkdtempSync(join(tmpdir(), 'edge-site-'));
  writeFileSync(join(root, 'index.html'), '<h1>home</h1>');
  mkdirSync(join(root, 'docs'));
  writeFileSync(join(root, 'docs', 'index.html'), 'docs');
  writeFileSync(join(root, 'a b.txt'), 'spaced');
  symlinkSync(join(outside, 'secret.txt'), join(root, 'leak.txt'));
  symlinkSync(outside, join(root, 'leakdir'));
  symlinkSync(join(root, 'docs', 'index.html'), join(root, 'inside.html'));

  it('finds files, folders by their index.html and links that stay inside the folder', async () => {
    const real = realpathSync(root);
    expect(await staticFileFor(root, '/')).toBe(join(real, 'index.html'));
    expect(await staticFileFor(root, '/docs')).toBe(join(real, 'docs', 'index.html'));
    expect(await staticFileFor(root, '/docs/')).toBe(join(real, 'docs', 'index.html'));
    expect(await staticFileFor(root, '/a%20b.txt')).toBe(join(real, 'a b.txt'));
    expect(await staticFileFor(root, '/inside.html')).toBe(join(real, 'docs', 'index.html'));
  });

  it('finds nothing through a link out of the folder, a dot segment or a missing file', async () => {
    for (const path of [
      '/leak.txt',
      '/leakdir/secret.txt',
      '/../secret.txt',
      '/%2e%2e/secret.txt',
      '/docs/..%2f..%2fsecret.txt',
      '/nope',
      '/docs\\index.html',
    ])
      expect(await staticFileFor(root, path), path).toBeUndefined();
  });
});
