import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The forms an echo gives the key in: as is, JSON `\u` escapes, percent-encoded twice, its secret part alone. */
export function echoedForms(key: string): string[] {
  const escaped = [...key].map((character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return [key, escaped.join(''), encodeURIComponent(encodeURIComponent(key)), key.replace(/^ii_live_/, '')];
}

export interface HostileUpstream {
  /** Its base address: both `INFERENCE_INFRA_BASE_URL` (plus `/v1`) and `INFERENCE_INFRA_PLATFORM_URL`. */
  origin: string;
  /** How many requests reached it. */
  calls(): number;
  /** Whether a caller followed its redirect (to its own `/collect`, with the key it was handed). */
  followed(): boolean;
  close(): Promise<void>;
}

/**
 * An API on 127.0.0.1 that an example's own endpoint may meet: the instance-type list answers by `gpu_type` with
 * `echo` a 500 whose body, status text and headers quote the caller's key (from its `Authorization`) in every form
 * of `echoedForms`, `echo-ok` a 200 whose fields and `X-Request-Id` do, `redirect` a 307 to its own `/collect` (a
 * caller that follows resends the key there), `silent` never an answer, and any other value an empty list. Whatever it holds open is closed by `close()`.
 */
export async function startHostileUpstream(): Promise<HostileUpstream> {
  let calls = 0;
  let followed = false;
  const held = new Set<ServerResponse>();
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    calls += 1;
    const key = (request.headers.authorization ?? '').replace(/^Bearer /i, '');
    const forms = echoedForms(key);
    const url = new URL(request.url ?? '/', 'http://upstream.invalid');
    const gpuType = url.searchParams.get('gpu_type');
    if (url.pathname === '/collect') {
      followed = true;
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"object":"list","data":[]}');
      return;
    }
    if (gpuType === 'redirect') {
      response.writeHead(307, { location: `/collect?key=${encodeURIComponent(key)}` }).end();
      return;
    }
    if (gpuType === 'silent') {
      held.add(response);
      return;
    }
    if (gpuType === 'echo') {
      const body = JSON.stringify({
        error: { message: `key ${forms.join(' ')} is not valid`, type: 'server_error', code: forms[0] },
      });
      response.writeHead(500, `Echo ${key}`, {
        'content-type': 'application/json',
        'x-request-id': `req_${key}`,
        'www-authenticate': `Bearer realm="${forms[1]}"`,
        'retry-after': forms[2] ?? '',
      });
      response.end(body);
      return;
    }
    const data =
      gpuType === 'echo-ok'
        ? [{ id: forms[0], gpu_type: forms[1], gpu_count: 1, region: forms[2], hourly_rate: 1 }]
        : [];
    response.writeHead(200, { 'content-type': 'application/json', 'x-request-id': `req_${forms[3]}` });
    response.end(JSON.stringify({ data }));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    calls: () => calls,
    followed: () => followed,
    close: async () => {
      for (const response of held) response.destroy();
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
    },
  };
}
