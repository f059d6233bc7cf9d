const identifier = /^[A-Za-z_$][\w$]*$/;

/**
 * A JSON value written as TypeScript source in the repo's style (single quotes, bare keys, trailing commas on
 * multi-line objects), so a sample reads as if typed by hand.
 * @param {unknown} value
 * @param {string} [indent] The indentation of the line the value starts on.
 * @returns {string}
 */
export function tsLiteral(value, indent = '') {
  if (typeof value === 'string') return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    const items = value.map((item) => tsLiteral(item, inner));
    const oneLine = `[${items.join(', ')}]`;
    return oneLine.length <= 80 && !oneLine.includes('\n')
      ? oneLine
      : `[\n${items.map((item) => `${inner}${item},`).join('\n')}\n${indent}]`;
  }
  const entries = Object.entries(value).map(
    ([key, item]) => `${identifier.test(key) ? key : tsLiteral(key)}: ${tsLiteral(item, inner)}`,
  );
  if (entries.length === 0) return '{}';
  const oneLine = `{ ${entries.join(', ')} }`;
  return oneLine.length <= 80 && !oneLine.includes('\n')
    ? oneLine
    : `{\n${entries.map((entry) => `${inner}${entry},`).join('\n')}\n${indent}}`;
}
