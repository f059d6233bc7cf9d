const placeholder = '[redacted]';

/** Replaces the key in every string of a value (deeply), in each spelling an echo can give it. */
export type Redact = <T>(value: T) => T;

/**
 * The redactor of one key. The spellings are the ones an echo produces: as is, JSON-escaped (a body that quotes it)
 * and percent-encoded (a URL that carries it). Without a key nothing is hidden, and values come back as they are.
 */
export function redactorOf(secret: string | undefined): Redact {
  if (!secret) return (value) => value;
  const spellings = [...new Set([secret, JSON.stringify(secret).slice(1, -1), encodeURIComponent(secret)])];
  const redactText = (text: string) =>
    spellings.reduce(
      (result, spelling) => (result.includes(spelling) ? result.replaceAll(spelling, placeholder) : result),
      text,
    );
  const redact = (value: unknown): unknown => {
    if (typeof value === 'string') return redactText(value);
    if (Array.isArray(value)) return value.map(redact);
    if (typeof value === 'object' && value !== null) {
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [redactText(key), redact(item)]));
    }
    return value;
  };
  return redact as Redact;
}

/**
 * A text cut to at most `max` characters, saying how much was left out. Cut only what is already redacted: a key
 * cut in half no longer matches the redactor.
 */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max)}… (${text.length - max} more characters left out)`;
}
