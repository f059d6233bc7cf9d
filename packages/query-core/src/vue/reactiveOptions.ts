import { type MaybeRefOrGetter, toValue } from 'vue';
import { passThrough } from '../passThrough.js';

/**
 * A composable's TanStack options as read inside vue-query's getter: `enabled` unwrapped (so the query tracks it),
 * and those set to `undefined` dropped, so the factory's own (the retry rule) stay in force.
 */
export function reactiveOptions<TOptions extends { enabled?: MaybeRefOrGetter<boolean | undefined> }>({
  enabled,
  ...rest
}: TOptions): Omit<TOptions, 'enabled'> & { enabled?: boolean } {
  return passThrough({ ...rest, enabled: toValue(enabled) });
}
