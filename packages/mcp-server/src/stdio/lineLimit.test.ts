import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { lineLimit, requestIdIn } from './lineLimit.js';

async function through(limit: number, chunks: string[]) {
  const refused: Array<{ id: unknown; bytes: number }> = [];
  const out: string[] = [];
  const stream = Readable.from(chunks.map((chunk) => Buffer.from(chunk))).pipe(
    lineLimit(limit, (ends, bytes) => refused.push({ id: requestIdIn(ends), bytes })),
  );
  for await (const piece of stream) out.push((piece as Buffer).toString('utf8'));
  return { out: out.join(''), refused };
}

describe('lineLimit', () => {
  it('passes whole lines on, however the chunks cut them', async () => {
    const { out, refused } = await through(100, ['{"a":', '1}\n{"b"', ':2}\n']);
    expect(out).toBe('{"a":1}\n{"b":2}\n');
    expect(refused).toEqual([]);
  });

  it('drops a line over the limit, tells its id and size, and goes on with the next line', async () => {
    const huge = `{"method":"tools/call","params":{"arguments":{"id":"vol_x","q":"${'x'.repeat(500)}"}},"jsonrpc":"2.0","id":7}\n`;
    const { out, refused } = await through(100, [huge.slice(0, 50), huge.slice(50), '{"ok":true}\n']);
    expect(out).toBe('{"ok":true}\n');
    expect(refused).toEqual([{ id: 7, bytes: huge.length }]);
  });

  it('finds the id first, never an argument named id, and none when there is none', () => {
    expect(requestIdIn({ head: '{"jsonrpc":"2.0","id":"r-1","method"', tail: 'x"}}}\n' })).toBe('r-1');
    expect(
      requestIdIn({ head: '{"method":"tools/call","params":{"arguments":{"id":"vol"', tail: '"x"}}}\n' }),
    ).toBeUndefined();
  });
});
