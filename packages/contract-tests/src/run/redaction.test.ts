import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { keyForms } from './keyForms.js';
import { createRedactor, redacted } from './redaction.js';

const key = 'ii_live_Q7mZ2pX9vK4wR8';
const { redact, excerpt } = createRedactor(key);

describe('createRedactor', () => {
  it('replaces the key, and any run of 8 or more of its characters, wherever it stands', () => {
    expect(redact(`Bearer ${key}`)).toBe('Bearer [redacted]');
    expect(redact(`a${key.slice(3, 11)}b`)).toBe('a[redacted]b');
    expect(redact(`${key.slice(0, -1)}x`)).toBe('[redacted]x');
    expect(redact(`${key}${key}`)).toBe(redacted);
  });

  it('keeps what is no secret: shorter runs and everything around them', () => {
    expect(redact(`a${key.slice(5, 12)}b`)).toBe(`a${key.slice(5, 12)}b`);
    expect(redact('{"error":{"message":"no such key"}}')).toBe('{"error":{"message":"no such key"}}');
    expect(redact('')).toBe('');
  });

  it('cuts only what it has redacted, so a key across the cut leaves no piece behind', () => {
    for (let before = 1; before < key.length; before += 1) {
      const text = `${'x'.repeat(500 - before)}${key}${'y'.repeat(20)}`;
      const shown = excerpt(text, 500);
      expect(shown).toBe(
        `${'x'.repeat(500 - before)}${redacted}${'y'.repeat(20)}`.slice(0, 500).concat('...'),
      );
      expect(shown).not.toContain(key.slice(0, 8));
    }
    expect(excerpt('short', 500)).toBe('short');
  });

  it('knows the forms a key with control characters takes: as sent, flattened, escaped, encoded', () => {
    const twoLines = 'ii_live_first§half\nsecond§half\u0001end';
    const { redact: hide } = createRedactor(twoLines);
    for (const form of [
      twoLines,
      'ii_live_first§halfsecond§halfend',
      'ii_live_first§half second§half end',
      JSON.stringify(twoLines).slice(1, -1),
      'ii_live_first\\u00a7half\\nsecond\\u00a7half\\u0001end',
      encodeURIComponent(twoLines),
    ])
      expect(hide(`<${form}>`), JSON.stringify(form)).toBe('<[redacted]>');
    // The status text is read as UTF-8 and header values as Latin-1: an echo in the other set comes back misread.
    const latin1 = 'ii_live_§é§é§é§é';
    const { redact: hideLatin1 } = createRedactor(latin1);
    expect(hideLatin1(Buffer.from(latin1, 'latin1').toString('utf8'))).toBe(redacted);
    expect(hideLatin1(Buffer.from(latin1, 'utf8').toString('latin1'))).toBe(redacted);
    // Each line alone is a run of the key too.
    expect(hide('first line: ii_live_first§half.')).toBe('first line: [redacted].');
  });

  it('redacts a key shorter than a run only whole', () => {
    const { redact: hide } = createRedactor('k3y');
    expect(hide('a k3y, a k3')).toBe('a [redacted], a k3');
  });

  it('does nothing without a key, and never eats whitespace runs of a key', () => {
    expect(createRedactor('').redact('anything')).toBe('anything');
    const { redact: hide } = createRedactor('ab          cd');
    expect(hide('json:\n          indented')).toBe('json:\n          indented');
  });

  it('scans a megabyte answer quickly (the first-character table skips most positions)', () => {
    const text = `${'{"id":"gpu_1x_h100","hourly_rate":2.49},'.repeat(25_000)}${key}`;
    const started = performance.now();
    expect(redact(text).endsWith(redacted)).toBe(true);
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});

/** Texts made of pieces of a key and other characters, so keys, runs and near-misses meet every cut. */
const keyAndText = fc.string({ unit: 'binary', minLength: 1, maxLength: 30 }).chain((k) =>
  fc.tuple(
    fc.constant(k),
    fc
      .array(
        fc.oneof(
          fc.constant(k),
          fc.nat({ max: k.length }).chain((from) => fc.constant(k.slice(from, from + 9))),
          fc.string({ unit: 'binary', maxLength: 12 }),
        ),
        { maxLength: 40 },
      )
      .map((parts) => parts.join('')),
    fc.nat({ max: 300 }),
  ),
);

describe('createRedactor, for any key and text', () => {
  it('leaves no run of 8 characters of the key, and the prefix it redacts alone is the redacted text cut', () => {
    fc.assert(
      fc.property(keyAndText, ([k, text, limit]) => {
        const redactor = createRedactor(k);
        const shown = redactor.redact(text);
        for (let at = 0; at + 8 <= k.length; at += 1)
          if (k.slice(at, at + 8).trim() !== '') expect(shown).not.toContain(k.slice(at, at + 8));
        expect(redactor.redactedPrefix(text, limit)).toBe(shown.slice(0, limit));
      }),
      { numRuns: 500 },
    );
  });
});

describe('keyForms', () => {
  it('has no empty or blank form, and none for no key', () => {
    expect(keyForms('')).toEqual([]);
    expect(keyForms('\u0001\u0002').every((form) => form.trim() !== '')).toBe(true);
  });
});
