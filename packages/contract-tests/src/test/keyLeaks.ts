/**
 * The run length the CLI promises never to write: the key whole, or any 8 characters of its secret part in a row (the
 * documented `<prefix>_live_` is no secret, and reports keep it readable).
 */
const runLength = 8;

/**
 * The forms of the key a test looks for, written apart from the code under test: the key itself, the key without its
 * control characters (what the JUnit writer leaves of it), and its Latin-1 bytes read as UTF-8 (how fetch reads a
 * status line).
 */
function formsOf(key: string): string[] {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
  const forms = [key, key.replace(/[\u0000-\u001f\u007f-\u009f]/g, '')];
  // biome-ignore lint/suspicious/noControlCharactersInRegex: Latin-1 is all of U+0000 to U+00FF
  if (/^[\u0000-\u00ff]*$/.test(key)) forms.push(Buffer.from(key, 'latin1').toString('utf8'));
  return [...new Set(forms)].filter((form) => form.length > 0);
}

/** Every form of the key whole, and every run of `runLength` characters of every form of its secret part. */
export function keyRuns(key: string): string[] {
  const runs = new Set<string>(formsOf(key));
  const secret = key.replace(/^[A-Za-z0-9]+_live_/, '');
  for (const form of formsOf(secret))
    for (let at = 0; at + runLength <= form.length; at += 1) runs.add(form.slice(at, at + runLength));
  return [...runs];
}

function stringsIn(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const item of value) stringsIn(item, out);
  else if (typeof value === 'object' && value !== null)
    for (const [name, item] of Object.entries(value)) {
      out.push(name);
      stringsIn(item, out);
    }
  return out;
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * A file as written and as its reader sees it: a JSON report's strings decoded (a `\n` escape is a line break again),
 * XML's entities resolved. A key escaped on the way out is still the key to whoever opens the file.
 */
function readings(name: string, text: string): string[] {
  if (name.endsWith('.har')) return [text, ...stringsIn(parsed(text))];
  if (name.endsWith('.ndjson'))
    return [text, ...text.split('\n').flatMap((line) => (line ? stringsIn(parsed(line)) : []))];
  if (name.endsWith('.xml')) {
    const unescaped = text
      .replaceAll('&lt;', '<')
      .replaceAll('&gt;', '>')
      .replaceAll('&quot;', '"')
      .replaceAll('&amp;', '&');
    return [text, unescaped];
  }
  return [text];
}

/**
 * Where the key, or a run of 8 of its characters, shows in the outputs (`name` → text): one line per find, naming the
 * output and the run; empty when nothing leaked.
 */
export function keyLeaks(key: string, outputs: Record<string, string>): string[] {
  const runs = keyRuns(key);
  const found: string[] = [];
  for (const [name, text] of Object.entries(outputs)) {
    const texts = readings(name, text);
    for (const run of runs)
      if (texts.some((reading) => reading.includes(run))) found.push(`${name}: ${JSON.stringify(run)}`);
  }
  return found;
}
