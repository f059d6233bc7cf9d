import { formatZodError } from '@inference-infra/types';
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
