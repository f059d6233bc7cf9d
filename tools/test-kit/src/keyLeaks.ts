/**
 * Where a key shows in text, written apart from the redactor it judges (packages/edge): the key whole, or a run of 8
 * characters of its secret part (what follows `<prefix>_live_`), in each form an echo can give it. The forms are built
 * with Node's own encoders, so a mistake in the redactor's spelling of a form is not repeated here.
 */
const runOfSecret = 8;

function spellings(text: string): Array<{ text: string; run: number }> {
  const bytes = Buffer.from(text, 'utf8');
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0'));
  const units = Array.from({ length: text.length }, (_, at) =>
    text.charCodeAt(at).toString(16).padStart(4, '0'),
  );
  const base64At = (shift: number, alphabet: 'base64' | 'base64url') => {
    const encoded = Buffer.concat([Buffer.alloc(shift), bytes])
      .toString(alphabet)
      .replace(/=+$/, '');
    // Characters that share bits with a neighbour are left out at both ends.
    return encoded.slice(shift === 0 ? 0 : shift + 1, encoded.length - 1);
  };
  // Read in the wrong character set: fetch reads header values as Latin-1 and the status text as UTF-8.
  const misread = [
    bytes.toString('latin1'),
    // biome-ignore lint/suspicious/noControlCharactersInRegex: Latin-1 is all of U+0000 to U+00FF
    ...(/^[\u0000-\u00ff]*$/.test(text) ? [Buffer.from(text, 'latin1').toString('utf8')] : []),
  ];
  return [
    { text, run: runOfSecret },
    ...misread.map((form) => ({ text: form, run: runOfSecret })),
    // What an XML writer leaves of it: no control characters.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
    { text: text.replace(/[\u0000-\u001f\u007f-\u009f]/g, ''), run: runOfSecret },
    { text: JSON.stringify(text).slice(1, -1), run: runOfSecret },
    { text: encodeURIComponent(text), run: runOfSecret },
    { text: hex.map((pair) => `%${pair.toUpperCase()}`).join(''), run: runOfSecret * 3 },
    { text: hex.map((pair) => `%${pair}`).join(''), run: runOfSecret * 3 },
    { text: units.map((unit) => `\\u${unit}`).join(''), run: runOfSecret * 6 },
    { text: units.map((unit) => `\\u${unit.toUpperCase()}`).join(''), run: runOfSecret * 6 },
    ...[0, 1, 2].flatMap((shift) =>
      (['base64', 'base64url'] as const).map((alphabet) => ({ text: base64At(shift, alphabet), run: 11 })),
    ),
  ];
}

/** Every piece of the key a text must not hold: each spelling of the key whole, and runs of each spelling of its secret. */
export function keyPieces(key: string): string[] {
  const secret = key.replace(/^[A-Za-z0-9]+_live_/, '');
  const pieces = new Set(spellings(key).map((form) => form.text));
  for (const form of spellings(secret))
    for (let at = 0; at + form.run <= form.text.length; at += 1)
      pieces.add(form.text.slice(at, at + form.run));
  return [...pieces].filter((piece) => piece.trim() !== '');
}

/** Every string of a JSON value, names included, decoded: what a reader of the file sees. */
export function stringsIn(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const item of value) stringsIn(item, out);
  else if (typeof value === 'object' && value !== null)
    for (const [name, item] of Object.entries(value)) {
      out.push(name);
      stringsIn(item, out);
    }
  return out;
}

/** The pieces of the key found in `text` (and in its strings, decoded, when it is JSON), in any case: empty when nothing leaked. */
export function keyLeaksIn(key: string, text: string): string[] {
  const readings = [text];
  try {
    readings.push(...stringsIn(JSON.parse(text), []));
  } catch {
    // Not JSON: the text as it is.
  }
  // In any case: a key whose letters were swapped (as the contract suite's own check sends it) is the key.
  const lower = (text: string) =>
    [...text].map((char) => (char.toLowerCase().length === char.length ? char.toLowerCase() : char)).join('');
  const lowered = readings.map(lower);
  return keyPieces(key).filter((piece) => lowered.some((reading) => reading.includes(lower(piece))));
}

/** Texts a careless upstream echoes the key in: whole in each spelling, less its last character, a long piece of it. */
export function keyEchoes(key: string): string[] {
  const secret = key.replace(/^[A-Za-z0-9]+_live_/, '');
  return [
    ...spellings(key).map((form) => form.text),
    Buffer.from(`user:${key}`).toString('base64'),
    key.slice(0, -1),
    secret.slice(1, 10),
  ].filter((echo) => echo.length > 0);
}
