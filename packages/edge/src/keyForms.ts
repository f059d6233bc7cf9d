// biome-ignore-all lint/suspicious/noControlCharactersInRegex: control characters are what these forms are about

/** Control characters, C0, DEL and C1: what a pasted secret carries by mistake and what writers drop or escape. */
const controlCharacters = /[\u0000-\u001f\u007f-\u009f]/g;

/** What an XML 1.0 writer drops (a JUnit report cannot hold them): the form of a key that has gone through one. */
const xmlForbidden = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

/** The documented form of a live key, `<KEY_PREFIX>_live_<random>`: the part before `<random>` is no secret. */
const livePrefix = /^[A-Za-z0-9]+_live_/;

/** A key's readable prefix (`ii_live_`) and its secret part (what follows), or all of it secret when it has none. */
export function splitKey(key: string): { prefix: string; secret: string } {
  const prefix = livePrefix.exec(key)?.[0] ?? '';
  return { prefix, secret: key.slice(prefix.length) };
}

/** The key as fetch sends it: without HTTP whitespace at its ends, so one pasted with a final newline still works. */
export function keyAsSent(key: string): string {
  return key.replace(/^[\t\n\r ]+|[\t\n\r ]+$/g, '');
}

const utf8 = new TextEncoder();
const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** A string's UTF-8 bytes, or undefined for one with a lone surrogate (it has none, so no echo carries it encoded). */
function bytesOf(text: string): Uint8Array | undefined {
  return loneSurrogate.test(text) ? undefined : utf8.encode(text);
}

const latin1 = (bytes: Uint8Array) => String.fromCharCode(...bytes);

/**
 * The text read in the wrong character set: fetch reads header values as Latin-1 but the status text as UTF-8, so a
 * server echoing a key beyond ASCII in one of them hands back mojibake (`Ã©` for `é`, or `\ufffd`).
 */
function misread(text: string): string[] {
  const bytes = bytesOf(text);
  const utf8AsLatin1 = bytes ? [latin1(bytes)] : [];
  const latin1AsUtf8 = /^[\u0000-\u00ff]*$/.test(text)
    ? [new TextDecoder().decode(Uint8Array.from(text, (char) => char.charCodeAt(0)))]
    : [];
  return [...utf8AsLatin1, ...latin1AsUtf8];
}

function percentEncoded(text: string): string[] {
  const bytes = bytesOf(text);
  if (!bytes) return [];
  const every = [...bytes].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
  return [
    encodeURIComponent(text),
    new URLSearchParams({ k: text }).toString().slice(2),
    every.toUpperCase(),
    every,
  ];
}

/** Every character as a `\uXXXX` escape (JSON writers that escape everything, a log's `repr`), in both cases of hex. */
function unicodeEscaped(text: string): string[] {
  const lower = [...text]
    .flatMap((char) => (char.length === 2 ? [char.charCodeAt(0), char.charCodeAt(1)] : [char.charCodeAt(0)]))
    .map((code) => `\\u${code.toString(16).padStart(4, '0')}`)
    .join('');
  return [lower, lower.replace(/\\u([0-9a-f]{4})/g, (_, hex: string) => `\\u${hex.toUpperCase()}`)];
}

const base64Alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

function toBase64(bytes: Uint8Array): string {
  let out = '';
  for (let at = 0; at < bytes.length; at += 3) {
    const [a = 0, b = 0, c = 0] = [bytes[at], bytes[at + 1], bytes[at + 2]];
    const chunk = (a << 16) | (b << 8) | c;
    const chars = [18, 12, 6, 0].map((shift) => base64Alphabet[(chunk >> shift) & 63]);
    const kept = Math.min(4, Math.ceil(((bytes.length - at) * 8) / 6));
    out += chars.slice(0, kept).join('');
  }
  return out;
}

/**
 * The text as base64 shows it inside a longer encoded value (`Basic dXNlcjpr…`, a JWT, a data URL): at each of the
 * three byte alignments, without the characters its neighbours share; standard and URL-safe alphabets. The runs of
 * these are what the redactor looks for, so any long enough piece of an encoded key is found.
 */
function base64Forms(text: string): string[] {
  const bytes = bytesOf(text);
  if (!bytes) return [];
  const forms: string[] = [];
  for (let shift = 0; shift < 3; shift += 1) {
    const shifted = new Uint8Array(shift + bytes.length);
    shifted.set(bytes, shift);
    const encoded = toBase64(shifted);
    // A character that also holds a bit of the neighbouring byte is not the key's alone.
    const core = encoded.slice(
      shift === 0 ? 0 : Math.ceil((shift * 8) / 6),
      Math.floor(encoded.length - (encoded.length % 4 === 0 ? 0 : 1)),
    );
    forms.push(core, core.replaceAll('+', '-').replaceAll('/', '_'));
  }
  return forms;
}

/** How a form is matched: whole, or through its runs of `runLength` characters (each of which gives a piece away). */
export interface KeyForm {
  text: string;
  /** The shortest run of this form that is redacted on its own; the form whole when it is shorter. */
  runLength: number;
}

/**
 * The shortest run of a key's secret characters that is redacted wherever it shows. A cut (a failure quotes 500
 * characters of an answer, a report keeps 64 KiB) can keep any piece of an echoed key, and 8 characters of a random
 * key are already more than anyone should be handed; shorter runs stay, or every report would lose ordinary words.
 */
export const leakRunLength = 8;

/**
 * Every form in which text can show up after it leaves us, beside the text itself: as fetch sent it (trimmed); without
 * its control characters, or each as a space (a log that flattens lines); as an XML writer leaves it; JSON-escaped,
 * also with `\u` escapes beyond ASCII or for every character; percent-encoded (a URL or form quoting it, also every
 * byte); read in the wrong character set; base64 at any alignment; and without its last character, since the contract
 * suite's authentication checks send the key changed there. No empty form: there is nothing to redact in it.
 */
export function textForms(text: string): KeyForm[] {
  if (!text) return [];
  const json = JSON.stringify(text).slice(1, -1);
  const plain = [
    text,
    keyAsSent(text),
    text.replace(controlCharacters, ''),
    text.replace(controlCharacters, ' '),
    text.replace(xmlForbidden, ''),
    json,
    json.replace(/[^\u0020-\u007e]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`),
    ...percentEncoded(text).slice(0, 2),
    ...misread(text),
    ...(text.length >= leakRunLength ? [text.slice(0, -1)] : []),
  ].map((form) => ({ text: form, runLength: leakRunLength }));
  // Longer spellings of each character take longer runs to give the same number of characters away.
  const spelled = [
    ...percentEncoded(text)
      .slice(2)
      .map((form) => ({ text: form, runLength: leakRunLength * 3 })),
    ...unicodeEscaped(text).map((form) => ({ text: form, runLength: leakRunLength * 6 })),
    ...base64Forms(text).map((form) => ({ text: form, runLength: Math.ceil((leakRunLength * 4) / 3) })),
  ];
  const seen = new Set<string>();
  return [...plain, ...spelled].filter((form) => {
    if (form.text.trim() === '' || seen.has(form.text)) return false;
    seen.add(form.text);
    return true;
  });
}
