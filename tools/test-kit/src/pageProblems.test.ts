import { describe, expect, it } from 'vitest';
import { isOnLoopback } from './pageProblems.js';

describe('isOnLoopback', () => {
  it('accepts 127.0.0.1 on any port and inline data', () => {
    expect(isOnLoopback('http://127.0.0.1:4012/index.html')).toBe(true);
    expect(isOnLoopback('data:image/svg+xml,<svg/>')).toBe(true);
  });

  it('judges a blob: address by the origin that made it', () => {
    expect(isOnLoopback('blob:http://127.0.0.1:4012/0b1c')).toBe(true);
    expect(isOnLoopback('blob:https://cdn.example.test/0b1c')).toBe(false);
  });

  it('refuses every other host, localhost included', () => {
    expect(isOnLoopback('https://cdn.redoc.ly/logo.svg')).toBe(false);
    expect(isOnLoopback('http://localhost:4012/')).toBe(false);
  });
});
