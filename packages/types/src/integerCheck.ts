import type { $ZodCheck } from 'zod/v4/core';
import { check } from 'zod/v4/mini';

/**
 * JSON Schema's `type: integer` as a zod mini check: a number passes exactly when `Number.isInteger` says so, at any
 * magnitude. The request validators (requestValidators.gen.ts) put it on every integer field and parameter.
 *
 * Not `z.multipleOf(1)`: zod's float-safe remainder rounds the number to as many decimals as its text shows before
 * any exponent, so 1e-300 and 1.175494351e-38 rounded to 0 and passed, while 1.5e300, an integer, was read as 15 and
 * failed. Not `z.int()`: it is a type of its own, so a fraction would stop the parse before the bounds are checked
 * (the zod 3 set reports both), and it refuses integers beyond 2^53, which JSON Schema allows (an unbounded `seed`
 * of 1e20).
 *
 * The issue is the one `multipleOf(1)` reported (`not_multiple_of`, divisor 1), so the describer and the simulator's
 * error codes read a fraction as they always did.
 */
export function integerCheck(message: string): $ZodCheck<number> {
  return check<number>((payload) => {
    if (Number.isInteger(payload.value)) return;
    payload.issues.push({
      code: 'not_multiple_of',
      origin: 'number',
      divisor: 1,
      input: payload.value,
      message,
      continue: true,
    });
  });
}
