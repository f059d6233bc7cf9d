import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { keyEchoes } from './keyLeaks.js';

/** What the upstream does with the next requests. */
export type UpstreamBehaviour =
  | { kind: 'ok' }
  | { kind: 'echo'; echo: string; where: 'status' | 'header' | 'body'; cuts: number[] }
  | { kind: 'redirect'; status: 301 | 302 | 303 | 307 | 308 }
  | { kind: 'endless' }
  | { kind: 'silent' }
  | { kind: 'trickle' }
  | { kind: 'gzip' };

/** Every misbehaviour, with the key echoed in each of its forms, at every place and cut into pieces anywhere. */
export function upstreamBehaviours(key: string): fc.Arbitrary<UpstreamBehaviour> {
  return fc.oneof(
    fc.record({
      kind: fc.constant('echo' as const),
      echo: fc.constantFrom(...keyEchoes(key)),
      where: fc.constantFrom('status' as const, 'header' as const, 'body' as const),
      cuts: fc.array(fc.nat({ max: 400 }), { maxLength: 4 }),
    }),
    fc.record({
      kind: fc.constant('redirect' as const),
      status: fc.constantFrom(301 as const, 302 as const, 303 as const, 307 as const, 308 as const),
    }),
    fc.constantFrom<UpstreamBehaviour>(
      { kind: 'endless' },
      { kind: 'silent' },
      { kind: 'trickle' },
      { kind: 'gzip' },
    ),
  );
}

export interface HostileUpstream {
  /** `http://127.0.0.1:<port>`: give it to the door as both base addresses. */
  url: string;
  behave(behaviour: UpstreamBehaviour): void;
  /** The targets of the requests that reached it, in order, since the last `reset` (which also makes it answer `ok`). */
  received(): string[];
  reset(): void;
  close(): Promise<void>;
}

/** 50 MB of spaces, gzipped to some 50 KB: what an upstream sends to see whether a door inflates it for its caller. */
let bomb: Buffer | undefined;
const gzipBomb = () => {
  bomb ??= gzipSync(Buffer.alloc(50 * 1024 * 1024, ' '));
  return bomb;
};

async function writeInPieces(res: ServerResponse, text: string, cuts: number[]) {
  const points = [...new Set(cuts.map((cut) => cut % (text.length + 1)))].sort((a, b) => a - b);
  let from = 0;
  for (const point of [...points, text.length]) {
    if (res.destroyed) return;
    res.write(text.slice(from, point));
    from = point;
    await new Promise((resolve) => setImmediate(resolve));
  }
  res.end();
}

/**
 * An upstream on 127.0.0.1 that misbehaves as told: echoes the key (status text, a header or the body, cut into
 * pieces), redirects (to its own `/collect`, so a caller that follows shows up there) with the key in the Location, never answers, answers without end, trickles, or
 * sends a gzip bomb. A door in front of it must let none of that reach its caller.
 */
export async function startHostileUpstream(key: string): Promise<HostileUpstream> {
  let behaviour: UpstreamBehaviour = { kind: 'ok' };
  let received: string[] = [];
  let origin = '';
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    received.push(req.url ?? '');
    req.resume();
    const now = behaviour;
    if (now.kind === 'silent') return;
    if (now.kind === 'ok') {
      res.writeHead(200, { 'content-type': 'application/json', 'x-request-id': 'req_upstream' });
      res.end('{"object":"list","data":[]}');
      return;
    }
    if (req.url?.startsWith('/collect')) {
      // Where a redirect points: reached only by a caller that followed it, with the key it was handed.
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ collected: req.url, authorization: req.headers.authorization ?? null }));
      return;
    }
    if (now.kind === 'redirect') {
      res.writeHead(now.status, { location: `${origin}/collect?key=${encodeURIComponent(key)}` });
      res.end();
      return;
    }
    if (now.kind === 'gzip') {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      res.end(gzipBomb());
      return;
    }
    if (now.kind === 'endless' || now.kind === 'trickle') {
      res.writeHead(200, {
        'content-type': now.kind === 'trickle' ? 'text/event-stream' : 'application/json',
      });
      const piece = now.kind === 'trickle' ? 'data: {"choices":[]}\n\n' : `[${' '.repeat(65_534)}`;
      const timer = setInterval(() => res.write(piece), now.kind === 'trickle' ? 50 : 1);
      res.once('close', () => clearInterval(timer));
      return;
    }
    const body = JSON.stringify({
      error: { message: `invalid key ${now.echo}`, type: 'authentication_error', code: now.echo },
    });
    if (now.where === 'status')
      res.writeHead(401, `Bad key ${now.echo}`, { 'content-type': 'application/json' });
    else if (now.where === 'header')
      res.writeHead(401, {
        'content-type': 'application/json',
        'x-request-id': now.echo,
        'www-authenticate': `Bearer error="${now.echo}"`,
      });
    else res.writeHead(401, { 'content-type': 'application/json' });
    void writeInPieces(res, body, now.where === 'body' ? now.cuts : []);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: origin,
    behave: (next) => {
      behaviour = next;
    },
    received: () => received,
    reset: () => {
      received = [];
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
