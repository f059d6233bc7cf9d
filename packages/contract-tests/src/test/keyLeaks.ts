import { keyPieces, stringsIn } from '@inference-infra/test-kit/keyLeaks';

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
 * Where the key, or a run of 8 characters of its secret part (in any spelling test-kit's `keyPieces` knows), shows in the outputs (`name` → text): one line per find, naming the
 * output and the run; empty when nothing leaked.
 */
export function keyLeaks(key: string, outputs: Record<string, string>): string[] {
  const runs = keyPieces(key);
  const found: string[] = [];
  for (const [name, text] of Object.entries(outputs)) {
    const texts = readings(name, text);
    for (const run of runs)
      if (texts.some((reading) => reading.includes(run))) found.push(`${name}: ${JSON.stringify(run)}`);
  }
  return found;
}
