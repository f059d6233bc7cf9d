import { Transform } from 'node:stream';

/** How much of a refused line is kept, to find its JSON-RPC id and answer it. */
const headBytes = 1024;

/**
 * Passes complete lines through and drops any line longer than `maxLineBytes`, telling `onTooLong` its first bytes
 * and its size. The SDK's stdio reader closes the transport (and so ends the process) when its buffer overflows;
 * with this in front, a huge argument is one refused request and the server keeps reading.
 */
export function lineLimit(maxLineBytes: number, onTooLong: (head: string, bytes: number) => void): Transform {
  let pieces: Buffer[] = [];
  let length = 0;
  let dropping = false;
  let head = '';
  const keep = (piece: Buffer) => {
    if (dropping) {
      length += piece.length;
      return;
    }
    pieces.push(piece);
    length += piece.length;
    if (length > maxLineBytes) {
      head = Buffer.concat(pieces).subarray(0, headBytes).toString('utf8');
      pieces = [];
      dropping = true;
    }
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      let start = 0;
      for (let end = chunk.indexOf(10); end !== -1; end = chunk.indexOf(10, start)) {
        keep(chunk.subarray(start, end + 1));
        if (dropping) onTooLong(head, length);
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

/** The JSON-RPC id near the start of a line, if it has one: enough to answer a request too large to parse. */
export function requestIdIn(head: string): string | number | undefined {
  const match = /"id"\s*:\s*("(?:[^"\\]|\\.){0,200}"|-?\d{1,15})/.exec(head);
  if (!match?.[1]) return undefined;
  try {
    return JSON.parse(match[1]) as string | number;
  } catch {
    return undefined;
  }
}
