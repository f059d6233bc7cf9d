import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedirectRefusedError, withoutRedirects } from './withoutRedirects.js';

let server: Server;
let origin = '';
const seen: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(req.url ?? '');
    if (req.url === '/moved') {
      res.writeHead(307, { location: '/collect?key=ii_live_secret' });
      return res.end();
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"ok":true}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe('withoutRedirects', () => {
  it('passes answers on, and refuses a redirect without following it or naming its query', async () => {
    const guarded = withoutRedirects(fetch);
    expect(await (await guarded(`${origin}/ok`)).json()).toEqual({ ok: true });
    seen.length = 0;
    const refused = guarded(new Request(`${origin}/moved`, { method: 'POST', body: '{"a":1}' }));
    await expect(refused).rejects.toThrow(RedirectRefusedError);
    await expect(guarded(`${origin}/moved`)).rejects.toThrow(
      /answered 307 to http:\/\/127\.0\.0\.1:\d+\/collect; redirects are not followed/,
    );
    expect(seen).toEqual(['/moved', '/moved']);
  });
});
