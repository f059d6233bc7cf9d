import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { logSafe } from './logSafe.js';

const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);

/** Pieces a hostile target puts in a body: workflow commands, escape sequences, line breaks, any other character. */
const hostilePiece = fc.oneof(
  fc.constantFrom(
    '::error file=x::owned',
    '::stop-commands::abc',
    '::add-mask::x',
    '::set-output name=a::b',
    ' \t::warning::w',
    '##[error]old',
    '##[set-env name=A;]b',
    '\u001b[31m',
    '\u001b]0;title\u0007',
    '\u001b[2J',
    '\u009b31m',
    '\r',
    '\n',
    '\r\n',
    '\u202e',
    '\u2066',
    ':',
    '#',
    '[',
  ),
  fc.string({ unit: 'binary', maxLength: 12 }),
);
const hostileText = fc.array(hostilePiece, { maxLength: 20 }).map((pieces) => pieces.join(''));

/** What a terminal or a CI log must never get from a target. */
function dangers(text: string): string[] {
  const found: string[] = [];
  // biome-ignore lint/suspicious/noControlCharactersInRegex: what is looked for
  if (/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/.test(text)) found.push('a control character');
  if (/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/.test(text)) found.push('a bidirectional override');
  if (text.includes('##[')) found.push('##[');
  for (const line of text.split('\n'))
    if (line.trimStart().startsWith('::')) found.push(`a command: ${line}`);
  return found;
}

describe(`logSafe (fast-check, seed ${seed}; FUZZ_SEED=${seed} replays it)`, () => {
  it('leaves no control character, no workflow command at a line start and no ##[ in any generated text', () => {
    fc.assert(
      fc.property(hostileText, fc.string({ maxLength: 4 }), (text, indent) => {
        // A reporter may indent each line (the console's failures): still no command after the white space.
        const shown = logSafe(text);
        expect(dangers(shown)).toEqual([]);
        expect(
          dangers(
            shown
              .split('\n')
              .map((line) => `${indent.replace(/\S/g, ' ')}${line}`)
              .join('\n'),
          ),
        ).toEqual([]);
      }),
      { numRuns: 1000, seed },
    );
  });

  it('keeps line feeds and tabs, and returns readable text as it is', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'ab :#[]{}\n\t\\'.split('')) }), (text) => {
        const harmless = !dangers(text).length && !/(^|\n)\s*:/.test(text);
        if (harmless) expect(logSafe(text)).toBe(text);
        expect(logSafe(text).split('\n')).toHaveLength(text.split('\n').length);
      }),
      { numRuns: 500, seed },
    );
    expect(logSafe('::error::x\n  ::stop-commands::t\n##[error]y\u001b[31m')).toBe(
      ': :error::x\n  : :stop-commands::t\n# #[error]y\\u{1b}[31m',
    );
  });
});
