/**
 * The text as a consumer reads it after decoding it without asking: `JSON.parse` turns `\u0041` into `A` (also one
 * escape among plain characters), a server or a page decodes percent-encoding again (`%2541` is `%41`, then `A`), and
 * a browser reads HTML entities in a page (`&#65;`, `&#x41;`, `&lowbar;`). The redactor looks for the key in this view
 * too, and maps what it finds back to the characters of the text as it is.
 */
export interface DecodedView {
  text: string;
  /** Where each character of `text` came from in the original: `[starts[i], ends[i])`. */
  starts: number[];
  ends: number[];
}

/** The named entities of the characters a key can hold (ASCII punctuation), and the markup ones. */
const namedEntities: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  lowbar: '_',
  period: '.',
  sol: '/',
  bsol: '\\',
  colon: ':',
  semi: ';',
  excl: '!',
  num: '#',
  dollar: '$',
  percnt: '%',
  lpar: '(',
  rpar: ')',
  ast: '*',
  plus: '+',
  comma: ',',
  equals: '=',
  quest: '?',
  commat: '@',
  lsqb: '[',
  rsqb: ']',
  lcub: '{',
  rcub: '}',
  verbar: '|',
  grave: '`',
  hat: '^',
  nbsp: '\u00a0',
  tab: '\t',
  newline: '\n',
};

/**
 * One escape of any of the three kinds. Numeric entities as browsers read them, the `;` optional but then followed by a
 * character that ends the number (at the end of the text one is unfinished: the next chunk may hold more digits);
 * digits capped (a code point has at most 7), so an escape spans at most `longestEscape` characters.
 */
const anEscape =
  /\\u([0-9a-f]{4})|%([0-9a-f]{2})|&#(?:x([0-9a-f]{1,6})(?:;|(?=[^0-9a-f;]))|([0-9]{1,7})(?:;|(?=[^0-9;])))|&([a-z]{2,7});/gi;
export const longestEscape = 11;
/** Rounds of decoding: percent-encoding applied twice, or an entity percent-encoded, takes two. */
const rounds = 3;

/** An escape that the next characters could still complete: what a stream must hold back at its end. */
export const unfinishedEscape =
  /(?:\\(?:u[0-9a-f]{0,3})?|%[0-9a-f]?|&(?:#(?:x[0-9a-f]{0,6}|[0-9]{0,7})|[a-z]{0,7}))$/i;

/** Whether the text holds anything to decode: most text does not, and costs one test. */
export const hasEscape = (text: string) => /\\u[0-9a-f]{4}|%[0-9a-f]{2}|&#|&[a-z]{2,7};/i.test(text);

function charOf(match: RegExpExecArray): string | undefined {
  const [, unicode, percent, hex, decimal, name] = match;
  if (unicode !== undefined) return String.fromCharCode(Number.parseInt(unicode, 16));
  if (percent !== undefined) return String.fromCharCode(Number.parseInt(percent, 16));
  const code =
    hex !== undefined ? Number.parseInt(hex, 16) : decimal !== undefined ? Number(decimal) : undefined;
  if (code !== undefined) return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : undefined;
  return name === undefined ? undefined : namedEntities[name.toLowerCase()];
}

/** One round: the text decoded once, each character's span in the round's input. */
function decodeOnce(text: string): { text: string; starts: number[]; ends: number[] } | undefined {
  let out = '';
  const starts: number[] = [];
  const ends: number[] = [];
  let from = 0;
  let changed = false;
  const keep = (until: number) => {
    for (let at = from; at < until; at += 1) {
      starts.push(at);
      ends.push(at + 1);
    }
    out += text.slice(from, until);
  };
  anEscape.lastIndex = 0;
  for (let match = anEscape.exec(text); match; match = anEscape.exec(text)) {
    const char = charOf(match);
    if (char === undefined) continue;
    keep(match.index);
    for (let unit = 0; unit < char.length; unit += 1) {
      starts.push(match.index);
      ends.push(match.index + match[0].length);
    }
    out += char;
    from = match.index + match[0].length;
    changed = true;
  }
  if (!changed) return undefined;
  keep(text.length);
  return { text: out, starts, ends };
}

/** The text decoded until it stops changing (at most `rounds` times), or undefined when it has nothing to decode. */
export function decodedView(original: string): DecodedView | undefined {
  if (!hasEscape(original)) return undefined;
  let view: DecodedView | undefined;
  let current = original;
  for (let round = 0; round < rounds; round += 1) {
    const next = decodeOnce(current);
    if (!next) break;
    view = view
      ? {
          text: next.text,
          starts: next.starts.map((at) => view?.starts[at] ?? 0),
          ends: next.ends.map((at) => view?.ends[at - 1] ?? 0),
        }
      : next;
    current = next.text;
  }
  return view;
}
