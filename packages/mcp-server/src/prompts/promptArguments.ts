import { formatZodError } from '@inference-infra/types';
import type { Prompt } from '@modelcontextprotocol/sdk/types.js';
import type { ZodError, ZodType } from 'zod';
import { z } from 'zod';

/** Arguments that break a rule: the message names each field and the rule, as the tools' refusals do. */
export class PromptArgumentError extends Error {
  override name = 'PromptArgumentError';
}

/** A text argument that holds something: spaces around it are dropped. */
export const filledText = z.string().trim().min(1, { message: 'must not be empty' });

/** A whole number sent as text (MCP prompt arguments are strings), e.g. `800`; its range is the API's to check. */
export const wholeNumberText = z
  .string()
  .trim()
  .regex(/^-?\d{1,15}$/, { message: 'must be a whole number, e.g. 800' })
  .transform(Number);

const datePattern = /^\d{4}-\d{2}-\d{2}$/;
const dateTimePattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** A day (`2026-11-01`, a whole UTC day) or an instant with its offset (`2026-11-01T09:30:00Z`). */
export const dayOrInstant = z
  .string()
  .trim()
  .refine(
    (text) =>
      datePattern.test(text)
        ? new Date(`${text}T00:00:00.000Z`).toISOString().startsWith(text)
        : dateTimePattern.test(text) && !Number.isNaN(Date.parse(text)),
    { message: 'must be a day (2026-11-01) or an ISO 8601 date-time with its offset (2026-11-01T09:30:00Z)' },
  );

/** The first instant a bound stands for: a day from its start, an instant as it is. */
export function startOf(bound: string): string {
  return datePattern.test(bound) ? `${bound}T00:00:00.000Z` : new Date(bound).toISOString();
}

/** The last instant a bound stands for: a day to its last millisecond, an instant as it is. */
export function endOf(bound: string): string {
  return datePattern.test(bound) ? `${bound}T23:59:59.999Z` : new Date(bound).toISOString();
}

/** The issues of a failed parse in one line, each naming its field. */
export function describeFailure(error: ZodError, input: unknown): string {
  return formatZodError(error, input);
}

/**
 * Parses a prompt's arguments, or throws a `PromptArgumentError` naming each field and rule: `size_gb: must be at
 * most 10000 (got 20000)`.
 */
export function parseArguments<T>(schema: ZodType<T, z.ZodTypeDef, unknown>, args: unknown): T {
  const parsed = schema.safeParse(args ?? {});
  if (!parsed.success) throw new PromptArgumentError(describeFailure(parsed.error, args));
  return parsed.data;
}

/**
 * Checks values against one of the API's generated request schemas (`@inference-infra/types`' `requestSchemas`), so
 * a prompt refuses what the API would refuse, in the API's words.
 */
export function checkWithApi(schema: ZodType, values: Record<string, unknown>): void {
  const parsed = schema.safeParse(values);
  if (!parsed.success) throw new PromptArgumentError(describeFailure(parsed.error, values));
}

/** The longest text one prompt argument may be: a GPU name, a region, a date or a size is a few characters. */
export const maxArgumentChars = 1_000;
/** How many names a refusal of unknown arguments quotes, each cut: 4,000 unknown ones answer in a line, not a list. */
const quotedNames = 3;
const quoted = (name: string) => JSON.stringify(name.length > 40 ? `${name.slice(0, 40)}...` : name);

/**
 * The arguments of `prompts/get` as they arrived (anything), checked like a tool's before any schema sees them, in one
 * pass over their names: an object of text values whose names are the prompt's own. Unknown names are refused once,
 * counted, with a few quoted (`constructor`, `1` and 4,000 made-up names alike); a value that is not text, or longer
 * than `maxArgumentChars`, is refused naming it. Gives a fresh object holding the known arguments only.
 */
export function checkedArgumentNames(prompt: Prompt, args: unknown): Record<string, string> {
  if (args === undefined || args === null) return {};
  if (typeof args !== 'object' || Array.isArray(args))
    throw new PromptArgumentError('arguments: must be an object of text values');
  const known = new Set((prompt.arguments ?? []).map((argument) => argument.name));
  const its = `its arguments: ${[...known].join(', ') || 'none'}`;
  const unknown: string[] = [];
  let unknownCount = 0;
  const checked: [string, string][] = [];
  for (const [name, value] of Object.entries(args)) {
    if (!known.has(name)) {
      unknownCount += 1;
      if (unknown.length < quotedNames) unknown.push(quoted(name));
      continue;
    }
    if (typeof value !== 'string')
      throw new PromptArgumentError(`${name}: must be text (prompt arguments are strings)`);
    if (value.length > maxArgumentChars)
      throw new PromptArgumentError(
        `${name}: must be at most ${maxArgumentChars} characters (got ${value.length})`,
      );
    checked.push([name, value]);
  }
  if (unknownCount === 1)
    throw new PromptArgumentError(`${unknown[0]}: is not an argument of ${prompt.name} (${its})`);
  if (unknownCount > 1) {
    const more = unknownCount > unknown.length ? ` and ${unknownCount - unknown.length} more` : '';
    throw new PromptArgumentError(
      `${unknownCount} arguments are not arguments of ${prompt.name}: ${unknown.join(', ')}${more} (${its})`,
    );
  }
  return Object.fromEntries(checked);
}
