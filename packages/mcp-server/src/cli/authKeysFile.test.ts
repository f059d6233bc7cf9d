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

const one = 'https://login.example.com';
const other = 'https://partner.example.org';

describe('--auth-keys FILE', () => {
  it("maps a token's issuer and subject to its key, and any other pair to none", async () => {
    const keyFor = keysForSubjects(
      fileOf(
        JSON.stringify({
          [one]: { alice: 'ii_live_alice_key_0123456789' },
          [other]: { bob: 'ii_live_bob_key_0123456789' },
        }),
      ),
      [one, other],
    );
    expect(await keyFor({ iss: one, sub: 'alice' })).toBe('ii_live_alice_key_0123456789');
    expect(await keyFor({ iss: other, sub: 'bob' })).toBe('ii_live_bob_key_0123456789');
    // The same subject at another issuer is another person: no key of alice's for them.
    expect(await keyFor({ iss: other, sub: 'alice' })).toBeUndefined();
    expect(await keyFor({ iss: one, sub: 'bob' })).toBeUndefined();
    expect(await keyFor({ sub: 'alice' })).toBeUndefined();
    expect(await keyFor({})).toBeUndefined();
  });

  it('reads the older flat form as the one issuer when there is one', async () => {
    const keyFor = keysForSubjects(fileOf('{"alice":"ii_live_alice_key_0123456789"}'), [one]);
    expect(await keyFor({ iss: one, sub: 'alice' })).toBe('ii_live_alice_key_0123456789');
    expect(await keyFor({ iss: other, sub: 'alice' })).toBeUndefined();
  });

  it('refuses the flat form with two issuers, saying the form to write', () => {
    expect(() => keysForSubjects(fileOf('{"alice":"ii_live_alice_key_0123456789"}'), [one, other])).toThrow(
      /maps subjects alone, but a subject is unique only within its issuer and there are 2 --auth-issuer; write \{ "<issuer>": \{ "<subject>": "<API key>" \} \}$/,
    );
  });

  it('refuses an issuer that is not an --auth-issuer', () => {
    expect(() =>
      keysForSubjects(fileOf(JSON.stringify({ [other]: { bob: 'ii_live_bob_key_0123456789' } })), [one]),
    ).toThrow(/"https:\/\/partner\.example\.org" is not an --auth-issuer \(https:\/\/login\.example\.com\)/);
  });

  it.each([
    [
      '{"https://login.example.com": {"alice": "ii_live_secret_part_0123", "bob": 1}}',
      /the key of subject "bob" of https:\/\/login\.example\.com must be a non-empty string$/,
    ],
    ['{"alice": "ii_live_secret_part_0123",', /is not JSON; write \{ "<issuer>"/],
    ['["ii_live_secret_part_0123"]', /must be a JSON object \{ "<issuer>"/],
    ['{}', /names no subject$/],
  ])('refuses %s with a sentence that quotes no key', (text, message) => {
    const path = fileOf(text);
    expect(() => keysForSubjects(path, [one])).toThrow(message);
    try {
      keysForSubjects(path, [one]);
    } catch (error) {
      expect((error as Error).message).not.toContain('secret');
    }
  });

  it('says a file that cannot be read is so', () => {
    expect(() => keysForSubjects(join(folder, 'missing.json'), [one])).toThrow(
      /missing\.json: cannot be read \(ENOENT\)$/,
    );
  });
});
