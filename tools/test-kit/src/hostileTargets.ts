import fc from 'fast-check';

/** Every spelling of a dot, a slash, a backslash and a parameter separator a door has been fooled by, and plain names. */
const hostilePieces = [
  '.',
  '..',
  '%2e',
  '%2E',
  '.%2e',
  '%2e%2e',
  '%252e',
  '%252e%252e',
  '%2f',
  '%2F',
  '%5c',
  '%5C',
  '\\',
  ';',
  ';x=1',
  '',
  '%00',
  '%0a',
  '%zz',
  '~',
  '@',
];

const dotDot = ['..', '%2e%2e', '%2E%2E', '.%2e', '%2e.', '%252e%252e'];
const dot = ['.', '%2e', '%2E', '%252e'];
const separators = ['\\', '%5c', '%5C', '//', '/;/', ';/'];

/**
 * An edit a normalising parser undoes, so the edited path still reads as the operation to it: a climb out of a
 * made-up segment (`/api/x/%2e%2e/v1/...`), a dot segment, a separator spelled as `\`, `%5C`, `//` or with `;`.
 */
const resolvingEdit = fc.oneof(
  fc.tuple(
    fc.constant('climb' as const),
    fc.constantFrom('x', 'v1', 'api', '%41'),
    fc.constantFrom(...dotDot),
  ),
  fc.tuple(fc.constant('dot' as const), fc.constantFrom(...dot), fc.constant('')),
  fc.tuple(fc.constant('separator' as const), fc.constantFrom(...separators), fc.constant('')),
);

/**
 * Request targets made from a door's own paths with hostile pieces put in: edits a normaliser undoes
 * (`/api/..\\v1/chat/completions` read as `/v1/chat/completions`) and pieces put anywhere (a segment replaced,
 * inserted or suffixed), with a query kept as sent.
 */
export function hostileTargets(paths: readonly string[]): fc.Arbitrary<string> {
  const piece = fc.oneof(
    fc.constantFrom(...hostilePieces),
    fc.constantFrom(...paths.flatMap((path) => path.split('/'))),
  );
  const randomEdits = fc.array(
    fc.tuple(
      fc.nat(),
      fc.constantFrom('replace', 'insert', 'suffix'),
      fc.array(piece, { minLength: 1, maxLength: 3 }),
    ),
    { minLength: 1, maxLength: 2 },
  );
  const query = fc.constantFrom('', '?limit=1', '?x=..%2f');
  const resolving = fc
    .tuple(fc.constantFrom(...paths), fc.nat(), resolvingEdit, query)
    .map(([path, at, [kind, a, b], q]) => {
      const segments = path.split('/').slice(1);
      const index = at % segments.length;
      if (kind === 'climb') segments.splice(index, 0, a, b);
      if (kind === 'dot') segments.splice(index, 0, a);
      if (kind === 'separator' && index > 0) {
        const joined = `${segments[index - 1]}${a}${segments[index]}`;
        segments.splice(index - 1, 2, joined);
      }
      return `/${segments.join('/')}${q}`;
    });
  const random = fc.tuple(fc.constantFrom(...paths), randomEdits, query).map(([path, edits, q]) => {
    const segments = path.split('/');
    for (const [at, how, parts] of edits) {
      const index = 1 + (at % Math.max(1, segments.length - 1));
      const text = parts.join('');
      if (how === 'replace') segments[index] = text;
      if (how === 'insert') segments.splice(index, 0, text);
      if (how === 'suffix') segments[index] = `${segments[index] ?? ''}${text}`;
    }
    return `${segments.join('/')}${q}`;
  });
  return fc.oneof({ arbitrary: resolving, weight: 3 }, { arbitrary: random, weight: 1 });
}

/**
 * Whether a path that reached an upstream names one of `templates` (`/api/v1/storage/{id}`) with every parameter a
 * plain segment: no dot segment, backslash or slash in any encoding. Judged apart from the edge's own rule.
 */
export function isOperationPath(path: string, templates: readonly string[]): boolean {
  const segments = path.split('?')[0]?.split('/') ?? [];
  return templates.some((template) => {
    const parts = template.split('/');
    if (parts.length !== segments.length) return false;
    return parts.every((part, index) => {
      const segment = segments[index] ?? '';
      if (!/^\{.+\}$/.test(part)) return part === segment;
      let decoded = segment;
      for (let round = 0; round < 3; round += 1)
        try {
          decoded = decodeURIComponent(decoded);
        } catch {
          return false;
        }
      return decoded !== '' && decoded !== '.' && decoded !== '..' && !/[/\\;]/.test(decoded);
    });
  });
}
