/**
 * The compiler settings of a reader's strict TypeScript project (ES2022, Node16-style modules, strict, unchecked index
 * access), which every docs sample, generated client and README block must pass; `extra` adds what one check needs.
 */
export function strictTsconfig(extra: Record<string, unknown>, include: string[]) {
  return {
    compilerOptions: {
      target: 'ES2022',
      lib: ['ES2022', 'DOM', 'DOM.Iterable'],
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      strict: true,
      noUncheckedIndexedAccess: true,
      noEmit: true,
      types: ['node'],
      ...extra,
    },
    include,
  };
}
