/**
 * Splits a shell command the way a POSIX shell does, for the subset the curl samples are written in: words split
 * on blanks, `\` + newline as a blank, `\x` as a literal x, '…' taken literally, "…" and bare words with `$NAME` expanded from `env`.
 * Anything else a shell would do (globs, `$(…)`, escapes inside quotes) is refused, so a sample that needs it
 * fails its test instead of being run differently from how a reader's shell runs it.
 */
export function shellWords(command: string, env: Record<string, string | undefined>): string[] {
  const words: string[] = [];
  let word: string | null = null;
  const expand = (text: string) =>
    text.replace(/\$([A-Za-z_]\w*)/g, (_, name: string) => {
      const value = env[name];
      if (value === undefined) throw new Error(`The sample reads $${name}, which is not set`);
      return value;
    });
  let index = 0;
  while (index < command.length) {
    const char = command[index] as string;
    if (char === '\\' && command[index + 1] === '\n') {
      index += 2;
      continue;
    }
    // Outside quotes a backslash takes the next character literally: how shellQuote writes a ' inside '…'.
    if (char === '\\' && index + 1 < command.length) {
      word = (word ?? '') + command[index + 1];
      index += 2;
      continue;
    }
    if (/\s/.test(char)) {
      if (word !== null) words.push(word);
      word = null;
      index += 1;
      continue;
    }
    if (char === "'" || char === '"') {
      const end = command.indexOf(char, index + 1);
      if (end === -1) throw new Error(`Unclosed ${char} in: ${command}`);
      const text = command.slice(index + 1, end);
      if (char === '"' && /[`\\]|\$\(/.test(text)) throw new Error(`Unsupported shell syntax in "${text}"`);
      word = (word ?? '') + (char === '"' ? expand(text) : text);
      index = end + 1;
      continue;
    }
    if (/[`\\|&;<>()*?[\]{}]/.test(char))
      throw new Error(`Unsupported shell syntax "${char}" in: ${command}`);
    const bare = /^[^\s'"`\\|&;<>()*?[\]{}]+/.exec(command.slice(index))?.[0] ?? '';
    word = (word ?? '') + expand(bare);
    index += bare.length;
  }
  if (word !== null) words.push(word);
  return words;
}
