/**
 * The text in lower case, character for character: its length and every position stay as they were, so a match
 * found in the folded text is a span of the text itself. A character whose lower case is longer (`İ`) stays as it is.
 * A key in another case is the key (anyone can change it back), so the redactor matches in this form.
 */
export function foldCase(text: string): string {
  const lower = text.toLowerCase();
  // Lower case never shortens a character, so the same length means no character grew: positions line up.
  if (lower.length === text.length) return lower;
  let out = '';
  for (const char of text) {
    const folded = char.toLowerCase();
    out += folded.length === char.length ? folded : char;
  }
  return out;
}
