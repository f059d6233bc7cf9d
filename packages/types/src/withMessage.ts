import type { ZodErrorMap } from 'zod';

/**
 * Create-params for a generated zod schema that give its own issues one message naming the rule
 * ("must be an integer from 10 to 10000"). Checks with a message of their own (`.min(10, { message })`) keep it;
 * `formatZodError` adds the field path and the value received.
 *
 * An error map rather than `{ message }`: zod 3 applies `message` to type and enum issues only, and unions and
 * literals would fall back to "Invalid input".
 */
export function withMessage(message: string): { errorMap: ZodErrorMap } {
  return { errorMap: () => ({ message }) };
}
