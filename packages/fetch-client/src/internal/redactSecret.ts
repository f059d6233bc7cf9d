const placeholder = '[redacted]';

/**
 * `value` with every occurrence of `secret` replaced, in strings and, deeply, in the strings of arrays and objects.
 * For what the server sent back: a server that echoes the key in an error ("invalid key ii_live_…") must not put it
 * into an error's message, body or JSON. Values without the secret come back as they are.
 */
export function redactSecret<T>(value: T, secret: string | undefined): T {
  // A keyless client has nothing to hide (and every string "includes" the empty one).
  if (!secret) return value;
  if (typeof value === 'string')
    return (value.includes(secret) ? value.replaceAll(secret, placeholder) : value) as T;
  if (Array.isArray(value)) return value.map((item) => redactSecret(item, secret)) as T;
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, redactSecret(item, secret)]),
    ) as T;
  }
  return value;
}

/** Headers with the secret redacted from their values (a header that echoes the key would show in `inspect`). */
export function redactHeaders(headers: Headers, secret: string | undefined): Headers {
  if (!secret) return headers;
  const values = [...headers];
  if (!values.some(([, value]) => value.includes(secret))) return headers;
  return new Headers(values.map(([name, value]): [string, string] => [name, redactSecret(value, secret)]));
}
