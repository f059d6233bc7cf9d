import { Transform } from 'node:stream';

/** How much of each end of a refused line is kept, to find its JSON-RPC id and answer it. */
const endBytes = 1024;

/**
 * Passes complete lines through and drops any line longer than `maxLineBytes`, telling `onTooLong` its first bytes
 * and its size. The SDK's stdio reader closes the transport (and so ends the process) when its buffer overflows;
 * with this in front, a huge argument is one refused request and the server keeps reading.
 */
export function lineLimit(
  maxLineBytes: number,
  onTooLong: (ends: { head: string; tail: string }, bytes: number) => void,
): Transform {
  let pieces: Buffer[] = [];
  let length = 0;
  let dropping = false;
  let head = '';
  let tail = Buffer.alloc(0);
  const keep = (piece: Buffer) => {
    length += piece.length;
    if (dropping) {
      tail = Buffer.concat([tail, piece.subarray(-endBytes)]).subarray(-endBytes);
      return;
    }
    pieces.push(piece);
    if (length > maxLineBytes) {
      const line = Buffer.concat(pieces);
      head = line.subarray(0, endBytes).toString('utf8');
      tail = line.subarray(-endBytes);
      pieces = [];
      dropping = true;
    }
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      let start = 0;
      for (let end = chunk.indexOf(10); end !== -1; end = chunk.indexOf(10, start)) {
        keep(chunk.subarray(start, end + 1));
        if (dropping) onTooLong({ head, tail: tail.toString('utf8') }, length);
        else this.push(Buffer.concat(pieces));
        pieces = [];
        length = 0;
        dropping = false;
        start = end + 1;
      }
      if (start < chunk.length) keep(chunk.subarray(start));
      done();
    },
  });
}

const idValue = String.raw`("(?:[^"\\]|\\.){0,200}"|-?\d{1,15})`;
/** The id as the first member, or the second after `jsonrpc`: at the top level, never an argument named `id`. */
const idFirst = new RegExp(String.raw`^\s*\{\s*(?:"jsonrpc"\s*:\s*"2\.0"\s*,\s*)?"id"\s*:\s*` + idValue);
/** The id as the last member: right before the line's final brace, so at the top level too (the SDK writes it so). */
const idLast = new RegExp(String.raw`"id"\s*:\s*` + idValue + String.raw`\s*\}\s*$`);

/** The JSON-RPC id of a line too large to parse, from its ends: enough to answer the request. */
export function requestIdIn({ head, tail }: { head: string; tail: string }): string | number | undefined {
  const match = idFirst.exec(head) ?? idLast.exec(tail);
  if (!match?.[1]) return undefined;
  try {
    return JSON.parse(match[1]) as string | number;
  } catch {
    return undefined;
  }
}
