import { describe, expect, it } from 'vitest';
import { cutText } from './cutText.js';

describe('cutText', () => {
  it('cuts only what it is given, saying how much was left out', () => {
    expect(cutText('abcdef', 4)).toBe('abcd… (2 more characters left out)');
    expect(cutText('abc', 4)).toBe('abc');
  });
});
