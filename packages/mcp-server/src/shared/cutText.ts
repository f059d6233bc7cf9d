/**
 * A text cut to at most `max` characters, saying how much was left out. Cut only what is already redacted: a key
 * cut in half may no longer match the redactor whole.
 */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max)}… (${text.length - max} more characters left out)`;
}
