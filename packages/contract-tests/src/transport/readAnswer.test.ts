import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnswerTooLargeError, readAnswer } from './readAnswer.js';

/** Bytes the endless answer wrote before its connection went away, and whether it did. */
const endless = { written: 0, closed: false };

function answer(path: string, res: ServerResponse) {
  if (path === '/endless') {
    const chunk = Buffer.alloc(64 * 1024, 'x');
    const pump = () => {
      while (!res.destroyed && res.write(chunk)) endless.written += chunk.length;
    };
    res.on('drain', pump);
    res.on('close', () => {
      endless.closed = true;
    });
    pump();
    return;
  }
  if (path === '/declared') {
    res.writeHead(200, { 'content-length': String(10 * 1024 * 1024) });
    res.write('x');
    return;
  }
  const declared = /^\/charset\/(.*)$/.exec(path);
  if (declared) {
    // The same JSON in the charset the path names, declared as such: {"name":"Zoë ✓"} (the check mark UTF-16 only).
    const [label = '', encoding] = decodeURIComponent(declared[1] ?? '').split('|') as [
      string,
      BufferEncoding,
    ];
    const text = encoding === 'latin1' ? '{"name":"Zoë"}' : '{"name":"Zoë ✓"}';
    res.writeHead(200, { 'content-type': `application/json; charset=${label}` });
    res.end(Buffer.from(text, encoding));
    return;
  }
  // "é" is two bytes in UTF-8: written one byte at a time, it tests decoding across chunks.
  const bytes = Buffer.from(`${'é'.repeat(500)}`);
  res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
  for (const byte of bytes) res.write(Buffer.of(byte));
  res.end();
}

let server: Server;
let base: string;
beforeAll(async () => {
  server = createServer((req, res) => answer(req.url ?? '/', res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

async function read(path: string, maxBytes: number) {
  const controller = new AbortController();
  const response = await fetch(`${base}${path}`, { signal: controller.signal });
  return readAnswer(response, maxBytes, () => controller.abort());
}

describe('readAnswer', () => {
  it('reads a whole answer up to the cap, decoding UTF-8 split across chunks', async () => {
    expect(await read('/text', 1000)).toBe('é'.repeat(500));
  });

  it('stops an endless answer at the cap and drops the connection', async () => {
    const cap = 1024 * 1024;
    const error = await read('/endless', cap).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AnswerTooLargeError);
    expect((error as AnswerTooLargeError).message).toBe(`answer larger than ${cap} bytes`);
    expect((error as AnswerTooLargeError).partialText).toHaveLength(cap);
    await expect.poll(() => endless.closed).toBe(true);
    // What the server could push into socket buffers before it noticed, not the gigabyte it would have sent.
    expect(endless.written).toBeLessThan(cap + 16 * 1024 * 1024);
  });

  it('decodes a body by the charset its content type declares, UTF-8 when the label is unknown', async () => {
    expect(await read(`/charset/${encodeURIComponent('iso-8859-1|latin1')}`, 1000)).toBe('{"name":"Zoë"}');
    expect(await read(`/charset/${encodeURIComponent('"UTF-16LE"|utf16le')}`, 1000)).toBe('{"name":"Zoë ✓"}');
    expect(await read(`/charset/${encodeURIComponent('utf-8|utf8')}`, 1000)).toBe('{"name":"Zoë ✓"}');
    expect(await read(`/charset/${encodeURIComponent('no-such-charset|utf8')}`, 1000)).toBe(
      '{"name":"Zoë ✓"}',
    );
  });

  it('refuses at once an answer whose Content-Length is already past the cap', async () => {
    await expect(read('/declared', 1000)).rejects.toThrow('answer larger than 1000 bytes');
  });
});
