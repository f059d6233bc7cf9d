import { readFileSync } from 'node:fs';
import type { KeyForSubject } from '../auth/oauthResource.js';
import { CliOptionError } from './errors.js';

/** A keys file of more than this is no map of a team's subjects. */
const maxFileBytes = 1024 * 1024;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * `--auth-keys FILE`: the simple case of the operator's hook, read once at start. A subject (`sub`) is unique only
 * within its issuer, so the file maps each issuer to its subjects' keys: `{ "<issuer>": { "<sub>": "<key>" } }`, and
 * a token's key is looked up by its verified `iss` and `sub` together. The older flat form (`{ "<sub>": "<key>" }`) is
 * unambiguous with one `--auth-issuer` only, and read as that issuer's; with several it ends the command with the form
 * to write instead. A file that cannot serve ends the command with a sentence naming the entry at fault, never a key.
 */
export function keysForSubjects(file: string, issuers: readonly string[]): KeyForSubject {
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
  const form = '{ "<issuer>": { "<subject>": "<API key>" } }';
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    // The parser's message quotes the text, which holds keys.
    throw new CliOptionError(`${flag}: is not JSON; write ${form}`);
  }
  if (!isObject(parsed)) throw new CliOptionError(`${flag}: must be a JSON object ${form}`);
  const entries = Object.entries(parsed);
  const flat = entries.length > 0 && entries.every(([, value]) => typeof value === 'string');
  let byIssuer: [string, unknown][];
  if (flat) {
    if (issuers.length !== 1)
      throw new CliOptionError(
        `${flag}: maps subjects alone, but a subject is unique only within its issuer and there are ${issuers.length} --auth-issuer; write ${form}`,
      );
    byIssuer = [[issuers[0] as string, parsed]];
  } else byIssuer = entries;
  const keys = new Map<string, Map<string, string>>();
  for (const [issuer, subjects] of byIssuer) {
    if (!issuers.includes(issuer))
      throw new CliOptionError(
        `${flag}: ${JSON.stringify(issuer.slice(0, 200))} is not an --auth-issuer (${issuers.join(', ')}); write ${form}`,
      );
    if (!isObject(subjects))
      throw new CliOptionError(`${flag}: the subjects of ${issuer} must be an object of subject to API key`);
    const ofIssuer = new Map<string, string>();
    for (const [subject, key] of Object.entries(subjects)) {
      if (typeof key !== 'string' || key === '')
        throw new CliOptionError(
          `${flag}: the key of subject ${JSON.stringify(subject.slice(0, 200))} of ${issuer} must be a non-empty string`,
        );
      ofIssuer.set(subject, key);
    }
    keys.set(issuer, ofIssuer);
  }
  if ([...keys.values()].every((subjects) => subjects.size === 0))
    throw new CliOptionError(`${flag}: names no subject`);
  return (claims) =>
    typeof claims.iss === 'string' && typeof claims.sub === 'string'
      ? keys.get(claims.iss)?.get(claims.sub)
      : undefined;
}
