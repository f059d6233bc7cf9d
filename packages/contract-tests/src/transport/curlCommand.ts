import { redactorFor } from '@inference-infra/edge';

/** Quotes a word for a POSIX shell: inside single quotes nothing is special but the quote itself. */
function shellQuote(text: string): string {
  return `'${text.replaceAll("'", `'"'"'`)}'`;
}

/** Inside double quotes, these four keep a meaning to the shell; each is escaped so it stands for itself. */
const doubleQuoted = (text: string) => text.replace(/[\\"$`]/g, (character) => `\\${character}`);

// Stand-ins for the key while the rest is redacted and quoted: characters of Unicode's private use area, which no
// request the suite sends holds.
const wholeKey = '\uE000';
const keyButLast = '\uE001';
/** What the shell expands each stand-in to: the key, or the key without its last character (POSIX `%?`). */
const expansions: Record<string, string> = {
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell's expansion, which the shell reads, not a template
  [wholeKey]: '${INFERENCE_INFRA_API_KEY}',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell's expansion, which the shell reads, not a template
  [keyButLast]: '${INFERENCE_INFRA_API_KEY%?}',
};

/**
 * A word the shell reads back as `text`, where each stand-in becomes the expansion of the key variable: in double
 * quotes when it holds one (so the shell expands it), else in single quotes.
 */
function shellWord(text: string): string {
  if (!text.includes(wholeKey) && !text.includes(keyButLast)) return shellQuote(text);
  const parts = text.split(/([\uE000\uE001])/);
  return `"${parts.map((part) => expansions[part] ?? doubleQuoted(part)).join('')}"`;
}

/**
 * The request as a `curl` command a partner can paste to see the failure again, as sent: the key is never written
 * out, but every place it was sent reads `$INFERENCE_INFRA_API_KEY` in double quotes, so the shell puts it back (the
 * header, the URL, the body). A key one character off, as the wrong-key check sends it, is the variable less its last
 * character plus the one sent (`${INFERENCE_INFRA_API_KEY%?}x`), never a redaction mark that would be sent as it
 * stands. What is left of the key after that (a form or piece of it) is redacted, before any quoting could split it.
 */
export function curlCommand(
  request: { method: string; url: string; headers: Record<string, string>; body?: string },
  apiKey: string,
  /** Other secrets of the run (a deactivated key), redacted wherever they stand. */
  moreSecrets: readonly string[] = [],
): string {
  const redactor = redactorFor([apiKey, ...moreSecrets]);
  const stem = apiKey.slice(0, -1);
  const hide = (text: string) => {
    if (!apiKey) return redactor.redact(text);
    let marked = text.replaceAll(apiKey, wholeKey);
    // Only a stem long enough to be the key's: a short one would mark ordinary text.
    if (stem.length >= 8) marked = marked.replaceAll(stem, keyButLast);
    return redactor.redact(marked);
  };
  const parts = ['curl', '-sS', '-X', request.method];
  for (const [name, value] of Object.entries(request.headers)) {
    if (name === 'accept') continue;
    parts.push('-H', shellWord(`${name}: ${hide(value)}`));
  }
  if (request.body !== undefined) parts.push('--data-raw', shellWord(hide(request.body)));
  parts.push(shellWord(hide(request.url)));
  return parts.join(' ');
}
