import { redactorFor } from '@inference-infra/edge';

/** Quotes a word for a POSIX shell: inside single quotes nothing is special but the quote itself. */
function shellQuote(text: string): string {
  return `'${text.replaceAll("'", `'"'"'`)}'`;
}

/**
 * The request as a `curl` command a partner can paste to see the failure again. The key is never written out: the
 * bearer value becomes `$INFERENCE_INFRA_API_KEY` (in double quotes, so the shell expands it), and any other
 * occurrence of the key in the URL or body is replaced the same way. What is left of the key after that (the key
 * changed in its last character, a form or piece of it) is redacted, before any quoting could split it.
 */
export function curlCommand(
  request: { method: string; url: string; headers: Record<string, string>; body?: string },
  apiKey: string,
): string {
  const redactor = redactorFor(apiKey);
  const hide = (text: string) =>
    redactor.redact(apiKey ? text.replaceAll(apiKey, '$INFERENCE_INFRA_API_KEY') : text);
  const parts = ['curl', '-sS', '-X', request.method];
  for (const [name, value] of Object.entries(request.headers)) {
    if (name === 'accept') continue;
    const shown = hide(value);
    // A header holding the key goes in double quotes so $INFERENCE_INFRA_API_KEY expands; nothing else there needs it.
    parts.push(
      '-H',
      shown.includes('$INFERENCE_INFRA_API_KEY') ? `"${name}: ${shown}"` : shellQuote(`${name}: ${shown}`),
    );
  }
  if (request.body !== undefined) parts.push('--data-raw', shellQuote(hide(request.body)));
  parts.push(shellQuote(hide(request.url)));
  return parts.join(' ');
}
