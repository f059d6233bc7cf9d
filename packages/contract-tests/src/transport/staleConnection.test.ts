import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { loadContractSpec } from '../model/spec.js';
import { createCoverageRecorder } from './coverage.js';
import { createExchangeLog } from './exchange.js';
import { createContractHttp } from './http.js';
import { mayRetryOnNewConnection } from './staleConnection.js';
import type { Target } from './target.js';

const spec = loadContractSpec();
const seed = Number(process.env.FUZZ_SEED ?? 0x5ca1e);

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = undefined;
});

/** A real server on 127.0.0.1 that closes the connection of its first `drops` requests unanswered, then answers 200. */
async function dropping(drops: number): Promise<{ target: Target; requests: () => number }> {
  let count = 0;
  const listening = createServer((req, res) => {
    count += 1;
    if (count <= drops) {
      req.socket.destroy();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json', 'x-request-id': `req_${count}` });
    res.end('{"data":[]}');
  });
  server = listening;
  await new Promise<void>((resolve) => listening.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
  return {
    target: {
      kind: 'live',
      baseUrl: `${url}/v1`,
      platformUrl: url,
      apiKey: 'ii_live_staleconnection1',
      allowMutations: true,
      models: {},
      requestTimeoutMs: 10_000,
    },
    requests: () => count,
  };
}

describe('a connection closed before any answer', () => {
  it('may be retried only for a safe method and a connection-level close (any method, any code)', () => {
    const methods = ['GET', 'HEAD', 'OPTIONS', 'POST', 'PUT', 'PATCH', 'DELETE', 'TRACE', 'CONNECT'];
    const codes = [
      'UND_ERR_SOCKET',
      'ECONNRESET',
      'EPIPE',
      'ECONNREFUSED',
      'ENOTFOUND',
      'UND_ERR_HEADERS_TIMEOUT',
    ];
    fc.assert(
      fc.property(
        fc.constantFrom(...methods),
        fc.boolean(),
        fc.oneof(fc.constantFrom(...codes), fc.string()),
        (method, lower, code) => {
          const error = Object.assign(new TypeError('fetch failed'), { cause: { code } });
          const expected =
            ['GET', 'HEAD', 'OPTIONS'].includes(method) &&
            ['UND_ERR_SOCKET', 'ECONNRESET', 'EPIPE'].includes(code);
          expect(mayRetryOnNewConnection(lower ? method.toLowerCase() : method, error)).toBe(expected);
        },
      ),
      { seed },
    );
    expect(mayRetryOnNewConnection('GET', new Error('no cause'))).toBe(false);
    expect(mayRetryOnNewConnection('GET', undefined)).toBe(false);
  });

  it('is sent again once on a new connection for a GET, both tries in the exchange log', async () => {
    const { target, requests } = await dropping(1);
    const log = createExchangeLog();
    const http = createContractHttp(target, createCoverageRecorder(), log);
    const answer = await http.send({ op: spec.operation('listInstanceTypes') });
    expect(answer.status).toBe(200);
    expect(requests()).toBe(2);
    const exchanges = log.take();
    expect(exchanges.map((e) => [e.status, e.error])).toEqual([
      [0, expect.stringMatching(/UND_ERR_SOCKET|ECONNRESET|EPIPE/)],
      [200, undefined],
    ]);
  });

  it('fails the GET with "no answer" when the second try is closed too: never a third', async () => {
    const { target, requests } = await dropping(Number.POSITIVE_INFINITY);
    const http = createContractHttp(target, createCoverageRecorder());
    const error = await http.send({ op: spec.operation('listInstanceTypes') }).catch((e: Error) => e);
    expect(String(error)).toMatch(
      /GET \/api\/v1\/instances\/types: no answer from .* \((UND_ERR_SOCKET|ECONNRESET|EPIPE)\)/,
    );
    expect(requests()).toBe(2);
  });

  it('is never sent again for a method that changes state (PATCH): one request, "no answer"', async () => {
    const { target, requests } = await dropping(1);
    const http = createContractHttp(target, createCoverageRecorder());
    const error = await http
      .send({ op: spec.operation('resizeVolume'), pathParams: { id: 'vol_x' }, body: { size_gb: 120 } })
      .catch((e: Error) => e);
    expect(String(error)).toMatch(/PATCH \/api\/v1\/storage\/vol_x .*: no answer from/);
    expect(requests()).toBe(1);
  });
});
