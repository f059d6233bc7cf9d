/**
 * The options an adapter's hook was given, less those set to `undefined`, ready to spread over a factory's.
 *
 * In an object spread an own property that is `undefined` still overrides: `{ ...factory, ...{ retry: undefined } }`
 * has no retry at all, so TanStack's default of 3 retries would replace the toolkit's rule. A caller who writes
 * `{ retry: flag ? 0 : undefined }` means "the default", and the default here is the factory's.
 */
export function passThrough<TOptions extends object>(options: TOptions): TOptions {
  return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)) as TOptions;
}
