import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { keysForSubjects } from './authKeysFile.js';

const folder = mkdtempSync(join(tmpdir(), 'auth-keys-'));
function fileOf(text: string): string {
  const path = join(folder, `${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(path, text);
  return path;
}

describe('--auth-keys FILE', () => {
  it("maps a token's subject to its key, and any other subject to none", async () => {
    const keyFor = keysForSubjects(fileOf('{"alice":"ii_live_alice_key_0123456789"}'));
    expect(await keyFor({ sub: 'alice' })).toBe('ii_live_alice_key_0123456789');
    expect(await keyFor({ sub: 'bob' })).toBeUndefined();
    expect(await keyFor({})).toBeUndefined();
  });

  it.each([
    [
      '{"alice": "ii_live_secret_part_0123", "bob": 1}',
      /the key of subject "bob" must be a non-empty string$/,
    ],
    ['{"alice": "ii_live_secret_part_0123",', /is not JSON; write an object of token subject to API key$/],
    ['["ii_live_secret_part_0123"]', /must be a JSON object of token subject to API key$/],
    ['{}', /names no subject$/],
  ])('refuses %s with a sentence that quotes no key', (text, message) => {
    const path = fileOf(text);
    expect(() => keysForSubjects(path)).toThrow(message);
    try {
      keysForSubjects(path);
    } catch (error) {
      expect((error as Error).message).not.toContain('secret');
    }
  });

  it('says a file that cannot be read is so', () => {
    expect(() => keysForSubjects(join(folder, 'missing.json'))).toThrow(
      /missing\.json: cannot be read \(ENOENT\)$/,
    );
  });
});
