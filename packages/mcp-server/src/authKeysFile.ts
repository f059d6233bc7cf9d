import { readFileSync } from 'node:fs';
import { CliOptionError } from './cliOptionError.js';
import type { KeyForSubject } from './oauthResource.js';

/** A keys file of more than this is no map of a team's subjects. */
const maxFileBytes = 1024 * 1024;

/**
 * `--auth-keys FILE`: the simple case of the operator's hook, a JSON object of token subject (`sub`) to API key, read
 * once at start. A file that cannot serve ends the command with a sentence naming the subject at fault, never a key.
 */
export function keysForSubjects(file: string): KeyForSubject {
  const flag = `--auth-keys ${file}`;
  let text: string;
  try {
    const bytes = readFileSync(file);
    if (bytes.length > maxFileBytes) throw new CliOptionError(`${flag}: larger than ${maxFileBytes} bytes`);
    text = bytes.toString('utf8');
  } catch (error) {
    if (error instanceof CliOptionError) throw error;
    throw new CliOptionError(`${flag}: cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    // The parser's message quotes the text, which holds keys.
    throw new CliOptionError(`${flag}: is not JSON; write an object of token subject to API key`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new CliOptionError(`${flag}: must be a JSON object of token subject to API key`);
  const keys = new Map<string, string>();
  for (const [subject, key] of Object.entries(parsed)) {
    if (typeof key !== 'string' || key === '')
      throw new CliOptionError(
        `${flag}: the key of subject ${JSON.stringify(subject)} must be a non-empty string`,
      );
    keys.set(subject, key);
  }
  if (keys.size === 0) throw new CliOptionError(`${flag}: names no subject`);
  return (claims) => (typeof claims.sub === 'string' ? keys.get(claims.sub) : undefined);
}
