import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hostileTargets, isOperationPath } from './hostileTargets.js';
import type { HostileUpstream } from './hostileUpstream.js';
import { upstreamBehaviours } from './hostileUpstream.js';
import { keyLeaksIn } from './keyLeaks.js';
import { parsedOrText, sendOversized, sendRaw } from './rawHttp.js';
import { bytesOf, fuzzSeed, rawRequests } from './rawRequests.js';

/** A request that reaches one of the door's operations when its Host and Origin are its own. */
export interface DoorProbe {
  method: string;
  target: string;
  /** Header lines besides Host, Origin and the body's framing (an MCP session's `accept`...). */
  headerLines?: string[];
  body?: string;
}

/**
 * One of our doors as the shared fuzz suite sees it: the API route (node listener, web handler), the simulator, the
 * MCP server over HTTP, the playground's server. Each package's test describes its door once; the properties are the
 * same for all.
 */
export interface FuzzedDoor {
  name: string;
  /** The door's port on 127.0.0.1 (read when the tests run, after the door started). */
  port: () => number;
  /** The key the door holds: no piece of it may leave, whatever comes in or back. */
  key: string;
  /** Whether a refusal's body is in the door's error shape (the spec's error body, a JSON-RPC error). */
  isErrorBody: (body: unknown) => boolean;
  /** A well-formed call still answered as it should: the door keeps serving. */
  stillServes: () => Promise<boolean>;
  /** The door's paths, which hostile targets are made from. */
  paths: string[];
  /** Header lines each hostile-target request carries (what reaching an operation needs besides the target). */
  headerLines?: string[];
  /** For a door that is the API itself (the simulator): its operations' path templates; a 2xx must name one. */
  servedOperations?: string[];
  /** For a door in front of an upstream: the hostile upstream it calls, and the operations' paths as it sees them. */
  upstream?: {
    server: HostileUpstream;
    operationPaths: string[];
    /** One call through the door, all the text its caller got (status line, headers, body or tool result). */
    callThrough: (signal: AbortSignal) => Promise<string>;
    /** The longest any call may take against a silent, trickling or endless upstream, by the door's deadlines. */
    deadlineMs: number;
    /** The most a caller may get of one answer (the door's answer cap), plus what its framing adds. */
    maxAnswerBytes: number;
    /** Pages that call upstream on their own (the pricing page lists instance types): page path → paths it calls. */
    pageCalls?: Record<string, string[]>;
  };
  /**
   * Which Hosts and Origins the door promises to serve. `self` is the origin the request's Host names, and the names
   * in `ownOrigins` (a server on 127.0.0.1 whose pages may be opened as `localhost` too, on its port only).
   */
  policy: {
    hosts: 'loopback' | 'any';
    origins: 'self' | 'any-loopback';
    ownOrigins?: (port: number) => string[];
  };
  /** The request Host/Origin variants are sent with. */
  probe: DoorProbe;
  /** Cases per property (default 100). */
  numRuns?: number;
  /**
   * A body over the door's cap: sent (to `probe`, the door's probe by default) with `Connection: close`, 20 times,
   * and its refusal must be read every time, never a reset before the answer.
   */
  oversizedBody?: { bytes: number; probe?: DoorProbe };
}

const loopbackName = /^(localhost|127(\.\d{1,3}){3}|\[::1\])(:\d+)?$/i;
const loopbackOrigin = /^https?:\/\/(localhost|127(\.\d{1,3}){3}|\[::1\])(:\d+)?$/i;

function requestBytes(method: string, target: string, lines: string[], body = ''): Buffer {
  const payload = Buffer.from(body, 'utf8');
  const head = [`${method} ${target} HTTP/1.1`, ...lines];
  if (method !== 'GET' && method !== 'HEAD') head.push(`content-length: ${payload.length}`);
  return Buffer.concat([Buffer.from(`${head.join('\r\n')}\r\n\r\n`, 'latin1'), payload]);
}

/** The shared fuzz suite: registers its properties for one door. Seeds are printed and replayed with FUZZ_SEED. */
export function describeDoorFuzz(door: FuzzedDoor): void {
  const seed = fuzzSeed();
  const numRuns = door.numRuns ?? 100;
  const settings = { numRuns, seed, endOnFailure: true };
  const errorShaped = (status: number | undefined, body: string, text: string) => {
    if ((status ?? 0) < 400 || body === '') return;
    expect(door.isErrorBody(parsedOrText(body)), `not the door's error shape: ${text.slice(0, 400)}`).toBe(
      true,
    );
  };
  const noLeak = (text: string) => expect(keyLeaksIn(door.key, text), text.slice(0, 400)).toEqual([]);

  describe(`${door.name}: the shared door fuzz suite (seed ${seed}; FUZZ_SEED=${seed} replays it)`, () => {
    it('answers every generated raw request (or closes a broken one) and keeps serving', async () => {
      const requests = rawRequests({
        targets: door.paths,
        headerLines: door.headerLines ?? [],
        bodies: door.probe.body ? [door.probe.body] : [],
      });
      await fc.assert(
        fc.asyncProperty(requests, async (request) => {
          const { bytes, whole } = bytesOf(request);
          const exchange = await sendRaw(door.port(), { bytes, closeAfterSend: !whole, timeoutMs: 10_000 });
          if (whole) {
            expect(exchange.ended, exchange.text.slice(0, 300)).not.toBe('timeout');
            if (exchange.ended === 'answered' && request.method !== 'HEAD')
              errorShaped(exchange.status, exchange.body, exchange.text);
          }
          noLeak(exchange.text);
          expect(await door.stillServes()).toBe(true);
        }),
        settings,
      );
    }, 300_000);

    it('reads a hostile target one way: refused in its error shape, or served as the operation it names', async () => {
      const host = `Host: 127.0.0.1:${door.port()}`;
      await fc.assert(
        fc.asyncProperty(
          hostileTargets(door.paths),
          fc.constantFrom('GET', 'POST'),
          async (target, method) => {
            door.upstream?.server.reset();
            const lines = [host, ...(door.headerLines ?? []), 'content-type: application/json'];
            const exchange = await sendRaw(door.port(), {
              bytes: requestBytes(method, target, lines, method === 'POST' ? '{}' : ''),
              timeoutMs: 10_000,
            });
            expect(exchange.status, exchange.text.slice(0, 300)).toBeDefined();
            errorShaped(exchange.status, exchange.body, exchange.text);
            // Forwarded only as sent: a path any layer could read as another (`\\`, `%2e%2e`) is refused, never tidied up.
            if (door.upstream)
              for (const path of door.upstream.server.received()) {
                const why = `${target} reached upstream as ${path}`;
                expect(isOperationPath(path, door.upstream.operationPaths), why).toBe(true);
                const [targetPath = '', upstreamPath = ''] = [target.split('?')[0], path.split('?')[0]];
                const pageCall = door.upstream.pageCalls?.[targetPath]?.includes(upstreamPath) === true;
                if (!pageCall) expect(upstreamPath, why).toBe(targetPath);
              }
            if (door.servedOperations && (exchange.status ?? 0) < 300)
              expect(
                isOperationPath(target.split('?')[0] ?? '', door.servedOperations),
                `${target} was served ${exchange.status}`,
              ).toBe(true);
            noLeak(exchange.text);
          },
        ),
        { ...settings, numRuns: numRuns * 2 },
      );
      expect(await door.stillServes()).toBe(true);
    }, 300_000);

    it('serves one Host it answers to and pages it allows, and refuses every other set without calling upstream', async () => {
      const port = door.port();
      const hosts = fc.array(
        fc.constantFrom(
          `127.0.0.1:${port}`,
          `localhost:${port}`,
          'evil.example',
          `evil.example:${port}`,
          '127.0.0.1.evil.example',
          'a b',
          '',
        ),
        { maxLength: 2 },
      );
      const origins = fc.array(
        fc.constantFrom(
          `http://127.0.0.1:${port}`,
          `http://localhost:${port}`,
          `http://127.0.0.1:${port + 1}`,
          'http://evil.example',
          'null',
        ),
        { maxLength: 2 },
      );
      const sites = fc.constantFrom(undefined, 'same-origin', 'same-site', 'cross-site', 'none');
      // An absolute-form target names the host in its authority (RFC 9112), which a door judges as it judges Host.
      const authorities = fc.constantFrom(
        undefined,
        `127.0.0.1:${port}`,
        'evil.example',
        `evil.example:${port}`,
        '127.0.0.1.evil.example',
      );
      await fc.assert(
        fc.asyncProperty(hosts, origins, sites, authorities, async (hostSet, originSet, site, authority) => {
          door.upstream?.server.reset();
          const lines = [
            ...hostSet.map((host) => `Host: ${host}`),
            ...originSet.map((origin) => `Origin: ${origin}`),
            ...(site ? [`Sec-Fetch-Site: ${site}`] : []),
            ...(door.probe.headerLines ?? []),
          ];
          const target =
            authority === undefined ? door.probe.target : `http://${authority}${door.probe.target}`;
          const exchange = await sendRaw(port, {
            bytes: requestBytes(door.probe.method, target, lines, door.probe.body),
            timeoutMs: 10_000,
          });
          const served = (exchange.status ?? 0) > 0 && (exchange.status ?? 0) < 400;
          const reachedUpstream = (door.upstream?.server.received().length ?? 0) > 0;
          if (served || reachedUpstream) {
            const [host = ''] = hostSet;
            const [origin] = originSet;
            const why = `${exchange.status} for ${target}, Host ${JSON.stringify(hostSet)}, Origin ${JSON.stringify(originSet)}, Sec-Fetch-Site ${site}`;
            expect(hostSet, why).toHaveLength(1);
            if (door.policy.hosts === 'loopback') expect(host, why).toMatch(loopbackName);
            if (door.policy.hosts === 'loopback' && authority !== undefined)
              expect(authority, why).toMatch(loopbackName);
            expect(originSet.length, why).toBeLessThanOrEqual(1);
            const ownOrigin =
              origin === `http://${host}` ||
              (origin !== undefined && !!door.policy.ownOrigins?.(port).includes(origin));
            const allowedOrigin =
              origin !== undefined &&
              (ownOrigin || (door.policy.origins === 'any-loopback' && loopbackOrigin.test(origin)));
            if (origin !== undefined) expect(allowedOrigin, why).toBe(true);
            if (site === 'cross-site' || (site === 'same-site' && door.policy.origins === 'self'))
              expect(allowedOrigin, why).toBe(true);
          } else {
            expect(exchange.status, exchange.text.slice(0, 300)).toBeDefined();
            errorShaped(exchange.status, exchange.body, exchange.text);
          }
        }),
        settings,
      );
      expect(await door.stillServes()).toBe(true);
    }, 300_000);

    const { oversizedBody } = door;
    if (oversizedBody)
      it('lets a client still sending a body over the cap with Connection: close read the refusal, every time', async () => {
        const probe = oversizedBody.probe ?? door.probe;
        const head = [
          `${probe.method} ${probe.target} HTTP/1.1`,
          `Host: 127.0.0.1:${door.port()}`,
          ...(probe.headerLines ?? []).filter((line) => !/^(content-length|connection):/i.test(line)),
        ].join('\r\n');
        for (let round = 0; round < 20; round += 1) {
          const exchange = await sendOversized(door.port(), { head, bodyBytes: oversizedBody.bytes });
          const seen = { round, ended: exchange.ended, head: exchange.text.slice(0, 200) };
          expect(seen.ended, JSON.stringify(seen)).toBe('answered');
          expect(exchange.status ?? 0, JSON.stringify(seen)).toBeGreaterThanOrEqual(400);
          errorShaped(exchange.status, exchange.body, exchange.text);
        }
        expect(await door.stillServes()).toBe(true);
      }, 300_000);

    const { upstream } = door;
    if (upstream)
      it('lets no form of the key out whatever upstream echoes, follows no redirect, and ends every wait by its deadline', async () => {
        await fc.assert(
          fc.asyncProperty(upstreamBehaviours(door.key), async (behaviour) => {
            upstream.server.reset();
            upstream.server.behave(behaviour);
            // A watchdog well past the door's own deadlines: the door must end the call itself, long before it. The
            // margin is a minute, not seconds: it tells a door that never ends a call from one that ends it late on a
            // machine at load 18 (a CI run's, where a door in a process of its own met a 10 s margin once).
            const watchdog = AbortSignal.timeout(upstream.deadlineMs + 60_000);
            let text: string;
            try {
              text = await upstream.callThrough(watchdog);
            } catch (error) {
              if (watchdog.aborted)
                throw new Error(
                  `${door.name} did not end a call to a ${behaviour.kind} upstream by its deadline`,
                );
              text = String(error);
            }
            noLeak(text);
            expect(text.length, `a ${behaviour.kind} answer`).toBeLessThanOrEqual(upstream.maxAnswerBytes);
            // A redirect is never followed: the only request upstream saw is the door's own.
            expect(upstream.server.received().every((target) => !target.startsWith('/collect'))).toBe(true);
          }),
          { ...settings, numRuns: Math.max(20, Math.floor(numRuns / 2)) },
        );
        upstream.server.behave({ kind: 'ok' });
        expect(await door.stillServes()).toBe(true);
      }, 300_000);
  });
}

/**
 * `stillServes` of a door in front of an upstream (the key-holding route, a route guard): a GET through it answered
 * 200. Such tests give the door a short upstream deadline (so the hostile-upstream checks take seconds), and on a
 * loaded machine (a CI run at 99 % CPU) one probe can meet it and get the door's 504: the door serving as it should.
 * So a 504 is probed again, `tries` times in all; any other answer, or 504 each time, fails naming what the door said.
 */
export async function servesThroughUpstream(url: string, tries = 3): Promise<boolean> {
  let said = '';
  for (let probe = 0; probe < tries; probe++) {
    const answer = await fetch(url);
    const text = await answer.text();
    if (answer.status === 200) return true;
    said = `${answer.status} ${text.slice(0, 300)}`;
    if (answer.status !== 504) break;
  }
  throw new Error(`the door no longer serves GET ${url}: ${said}`);
}
/**
 * The operations' paths as an upstream receives them, from the bundled spec: inference paths under `/v1` (the
 * inference base address's prefix), platform paths as they are.
 */
export function upstreamOperationPaths(spec: { paths: Record<string, unknown> }): string[] {
  return Object.keys(spec.paths).map((path) => (path.startsWith('/api/') ? path : `/v1${path}`));
}
