// biome-ignore-all lint/suspicious/noControlCharactersInRegex: control characters are what these forms are about

/** Control characters, C0, DEL and C1: what a pasted secret carries by mistake and what writers drop or escape. */
const controlCharacters = /[\u0000-\u001f\u007f-\u009f]/g;

/** What the JUnit writer drops (XML 1.0 cannot hold them): the form of a key that has gone through it. */
const xmlForbidden = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

/** The key as fetch sends it: without HTTP whitespace at its ends, so one pasted with a final newline still works. */
export function keyAsSent(key: string): string {
  return key.replace(/^[\t\n\r ]+|[\t\n\r ]+$/g, '');
}

/**
 * The key read in the wrong character set: fetch reads header values as Latin-1 but the status text as UTF-8, so a
 * server echoing a key beyond ASCII in one of them hands back mojibake (`Ã©` for `é`, or `\ufffd`).
 */
function misread(key: string): string[] {
  const utf8AsLatin1 = Buffer.from(key, 'utf8').toString('latin1');
  const latin1AsUtf8 = /^[\u0000-\u00ff]*$/.test(key) ? [Buffer.from(key, 'latin1').toString('utf8')] : [];
  return [utf8AsLatin1, ...latin1AsUtf8];
}

function percentEncoded(key: string): string[] {
  try {
    return [encodeURIComponent(key), new URLSearchParams({ k: key }).toString().slice(2)];
  } catch {
    // A lone surrogate has no UTF-8 form, so no URL can carry it percent-encoded either.
    return [];
  }
}

/**
 * Every form in which a key can show up in text the suite writes, beside the key itself: as fetch sent it (trimmed);
 * without its control characters, or each as a space (a log that flattens lines); as the XML writer leaves it;
 * JSON-escaped, also with `\u` escapes beyond ASCII (an error body quoting it, `json.dumps` style); percent-encoded (a
 * URL or form quoting it); read in the wrong character set; and without its last character, since the authentication checks send the key changed
 * there. No empty form: there is nothing to redact in it.
 */
export function keyForms(key: string): string[] {
  if (!key) return [];
  const json = JSON.stringify(key).slice(1, -1);
  const forms = [
    key,
    keyAsSent(key),
    key.replace(controlCharacters, ''),
    key.replace(controlCharacters, ' '),
    key.replace(xmlForbidden, ''),
    json,
    json.replace(/[^\u0020-\u007e]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`),
    ...percentEncoded(key),
    ...misread(key),
    ...(key.length >= 8 ? [key.slice(0, -1)] : []),
  ];
  return [...new Set(forms)].filter((form) => form.trim() !== '');
}
