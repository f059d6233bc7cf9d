import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hostileTargets } from '../../../tools/test-kit/src/hostileTargets.js';
import { admitRequest, type DoorRules, type RequestFacts } from './door.js';
import { authorityRefusal, hostRefusal } from './hostPolicy.js';
import { originRefusal } from './originPolicy.js';
import { isRefusal } from './refusal.js';
import { checkTarget } from './requestTarget.js';

const seed = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31);
console.log(`door.test.ts: fast-check seed ${seed} (FC_SEED=${seed} to replay)`);

const target = fc.oneof(
  hostileTargets(['/v1/chat/completions', '/api/v1/storage/vol_1', '/mcp', '/healthz']),
  fc.constantFrom('http://127.0.0.1:4010/v1/models', 'http://evil.example/mcp', 'http://[/x', '*'),
);
const hostSets = fc.oneof(
  fc.constant([] as string[]),
  fc.array(fc.constantFrom('127.0.0.1:4010', 'localhost', 'evil.example', 'a b', '[::1]:80', 'x/y'), {
    minLength: 1,
    maxLength: 2,
  }),
);
const originSets = fc.array(
  fc.constantFrom('http://127.0.0.1:4010', 'http://localhost:5173', 'https://evil.example', 'null'),
  { maxLength: 2 },
);
const facts: fc.Arbitrary<RequestFacts> = fc.record({
  method: fc.constantFrom('GET', 'HEAD', 'POST', 'DELETE', 'OPTIONS'),
  target,
  hosts: hostSets,
  httpVersion: fc.constantFrom('1.0', '1.1'),
  localAddress: fc.constantFrom(undefined, '127.0.0.1', '::ffff:127.0.0.1', '10.0.0.5'),
  origins: originSets,
  secFetchSite: fc.constantFrom(undefined, 'same-origin', 'same-site', 'cross-site', 'none'),
  contentLength: fc.constantFrom(undefined, '0', '12'),
});
const rulesOf: fc.Arbitrary<DoorRules> = fc.record({
  host: fc.constantFrom(
    { option: '--allow-host' },
    { allowedHosts: ['*'], option: 'Host' },
    { allowedHosts: ['evil.example'], option: 'allowedHosts' },
  ),
  origin: fc.constantFrom(
    { selfOrigin: 'http://127.0.0.1:4010', option: '--allow-origin' },
    { anyLoopbackOrigin: true, option: 'allowedOrigins' },
  ),
  secFetchSite: fc.constantFrom('every-method' as const, 'state-changing-methods' as const),
  openPaths: fc.constantFrom([], ['/healthz']),
});

describe('admitRequest', () => {
  it('applies target, Host, target authority, then Origin, and the first rule broken is the refusal (fast-check)', () => {
    fc.assert(
      fc.property(facts, rulesOf, (request, rules) => {
        const admitted = admitRequest(request, rules);
        // The same rules, one by one, in the documented order.
        const checked = checkTarget(request.target);
        if (isRefusal(checked)) return void expect(admitted).toEqual(checked);
        if (rules.openPaths?.includes(checked.pathname))
          return void expect(admitted).toMatchObject({ open: true, pathname: checked.pathname });
        const http10WithoutHost =
          request.hosts.length === 0 &&
          request.httpVersion === '1.0' &&
          rules.host.allowedHosts?.includes('*') === true;
        const host = http10WithoutHost
          ? undefined
          : hostRefusal(request.hosts, rules.host, request.localAddress);
        if (host) return void expect(admitted).toEqual(host);
        const authority = authorityRefusal(checked.authority, rules.host, request.localAddress);
        if (authority) return void expect(admitted).toEqual(authority);
        const safe = request.method === 'GET' || request.method === 'HEAD';
        const site =
          rules.secFetchSite === 'state-changing-methods' && safe ? undefined : request.secFetchSite;
        const page = rules.origin && originRefusal(request.origins, site, rules.origin);
        if (page) return void expect(admitted).toEqual(page);
        expect(admitted).toEqual({
          pathname: checked.pathname,
          search: checked.search,
          open: false,
          hasBody: request.contentLength !== undefined,
        });
      }),
      { seed, numRuns: 3000 },
    );
  });

  it('judges the authority a web adapter names instead of the target’s, and none for null', () => {
    const base = {
      method: 'GET',
      target: 'http://localhost:3000/v1/models',
      hosts: ['localhost:3000'],
      origins: [],
    };
    const rules = { host: { option: 'createApiRoute({ allowedHosts })' } };
    expect(admitRequest(base, rules)).toMatchObject({ pathname: '/v1/models', open: false });
    expect(admitRequest({ ...base, authority: 'evil.example' }, rules)).toMatchObject({
      status: 403,
      param: 'Host',
      message: expect.stringMatching(/^request target authority: "evil.example"/),
    });
    expect(
      admitRequest({ ...base, target: 'http://evil.example/v1/models', authority: null }, rules),
    ).toMatchObject({ pathname: '/v1/models' });
  });

  it('judges no page where the server has no Origin rule (static files any page may show)', () => {
    const request = {
      method: 'GET',
      target: '/index.html',
      hosts: ['127.0.0.1:8080'],
      origins: ['https://evil.example'],
      secFetchSite: 'cross-site',
    };
    expect(admitRequest(request, { host: { option: 'loopback' } })).toMatchObject({
      pathname: '/index.html',
    });
  });
});
