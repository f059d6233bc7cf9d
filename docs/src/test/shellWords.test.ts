import { describe, expect, it } from 'vitest';
import { shellQuote } from '../samples/curlSample.js';
import { shellWords } from './shellWords.js';

describe('shellWords', () => {
  it('splits continued lines, keeps single quotes literal and expands variables in double quotes', () => {
    const command = `curl -sS 'http://x/?a=1&b=$NOT' \\\n  -H "Authorization: Bearer $KEY"`;
    expect(shellWords(command, { KEY: 'ii_live_k' })).toEqual([
      'curl',
      '-sS',
      'http://x/?a=1&b=$NOT',
      '-H',
      'Authorization: Bearer ii_live_k',
    ]);
  });

  it("reads back a word with a ' in it as shellQuote wrote it", () => {
    const body = `{"content":"it's"}`;
    expect(shellWords(`-d ${shellQuote(body)}`, {})).toEqual(['-d', body]);
  });

  it('refuses syntax it does not implement and variables that are not set', () => {
    expect(() => shellWords('curl $(whoami)', {})).toThrow(/Unsupported/);
    expect(() => shellWords('curl "$KEY"', {})).toThrow(/KEY, which is not set/);
  });
});
