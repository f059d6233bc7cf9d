import { passThrough } from './passThrough.js';

// biome-ignore lint/suspicious/noExplicitAny: any callback of TanStack's, whatever its arguments.
type Callback = (...args: any[]) => unknown;

/**
 * A mutation's options as every adapter's primitive builds them: the builder's, then the caller's over them (those
 * set to `undefined` dropped). Where both have an `onSuccess` (a cache update and the caller's), both run, awaited in
 * turn, so the mutation stays pending until the cache update and the caller's callback are done, the caller's
 * reading the updated cache.
 */
export function withCallerOptions<
  TBuilt extends { onSuccess?: Callback },
  TGiven extends { onSuccess?: Callback },
>(built: TBuilt, given: TGiven): TBuilt & TGiven {
  const options = passThrough(given);
  const own = built.onSuccess;
  const callers = options.onSuccess;
  if (!own || !callers) return { ...built, ...options };
  return {
    ...built,
    ...options,
    onSuccess: async (...args: unknown[]) => {
      await own(...args);
      await callers(...args);
    },
  };
}
