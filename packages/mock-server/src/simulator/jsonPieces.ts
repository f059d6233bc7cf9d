/** Arrays longer than this are written element by element. */
const longArray = 16;
/** Pieces are gathered up to about this many characters before each write. */
const pieceSize = 64 * 1024;

const hasLongArray = (value: object) =>
  Object.values(value).some((child) => Array.isArray(child) && child.length > longArray);

function* rawPieces(value: unknown): Generator<string> {
  if (Array.isArray(value) && value.length > longArray) {
    yield '[';
    for (const [index, item] of value.entries())
      yield `${index === 0 ? '' : ','}${JSON.stringify(item) ?? 'null'}`;
    yield ']';
    return;
  }
  if (value !== null && typeof value === 'object' && !Array.isArray(value) && hasLongArray(value)) {
    let first = true;
    yield '{';
    for (const [name, child] of Object.entries(value)) {
      if (child === undefined) continue;
      yield `${first ? '' : ','}${JSON.stringify(name)}:`;
      yield* rawPieces(child);
      first = false;
    }
    yield '}';
    return;
  }
  yield JSON.stringify(value);
}

/**
 * The JSON text of a large answer (many embeddings), in pieces of about 64 kB: the same text `JSON.stringify` gives,
 * without ever holding it as one string, which for the largest answers would outgrow what V8 can hold at all.
 */
export function* jsonPieces(value: unknown): Generator<string> {
  let gathered = '';
  for (const piece of rawPieces(value)) {
    gathered += piece;
    if (gathered.length >= pieceSize) {
      yield gathered;
      gathered = '';
    }
  }
  if (gathered) yield gathered;
}
