/**
 * Whether JSON text nests arrays and objects deeper than `max`, read without parsing: `JSON.parse` takes any depth,
 * but every later walk of the value (the checks, hashing the messages) recurses, and 100,000 levels overflow the
 * stack. Strings are skipped, so brackets inside them do not count.
 */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c) index += 1;
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x5b || code === 0x7b) {
      depth += 1;
      if (depth > max) return true;
    } else if (code === 0x5d || code === 0x7d) depth -= 1;
  }
  return false;
}
