import { describe, expect, it } from 'vitest';
import { authorityRefusal, hostRefusal } from './hostPolicy.js';
import { isRefusal } from './refusal.js';
import { checkTarget } from './requestTarget.js';

const anyHost = { allowedHosts: ['*'], option: 'allowedHosts' };

describe('hostRefusal', () => {
  it('takes any well-formed name under "*", and still refuses a malformed or repeated Host', () => {
    expect(hostRefusal(['evil.example:80'], anyHost)).toBeUndefined();
    expect(hostRefusal(['a b'], anyHost)?.code).toBe('malformed_host');
    expect(hostRefusal(['a.example', 'b.example'], anyHost)?.status).toBe(400);
    expect(hostRefusal([], anyHost)?.status).toBe(400);
  });
});

describe('authorityRefusal', () => {
  const loopbackOnly = { option: '--allow-host' };
  const authorityOf = (target: string) => {
    const checked = checkTarget(target);
    if (isRefusal(checked)) throw new Error(checked.message);
    return checked.authority;
  };

  it("judges an absolute-form target's authority as a Host (RFC 9112: it names the host, not Host)", () => {
    const refused = authorityRefusal(authorityOf('http://evil.example/mcp'), loopbackOnly, '127.0.0.1');
    expect(refused).toMatchObject({ status: 403, code: 'host_not_allowed', param: 'Host' });
    expect(refused?.message).toMatch(/^request target authority: "evil.example"/);
    expect(authorityRefusal(authorityOf('http://127.0.0.1.evil.example:80/x'), loopbackOnly)?.status).toBe(
      403,
    );
    expect(
      authorityRefusal(authorityOf('http://127.0.0.1:4010/mcp'), loopbackOnly, '127.0.0.1'),
    ).toBeUndefined();
    expect(authorityRefusal(authorityOf('/mcp'), loopbackOnly)).toBeUndefined();
    expect(authorityRefusal('app.example', { allowedHosts: ['app.example'], option: 'x' })).toBeUndefined();
    expect(authorityRefusal('evil.example', anyHost)).toBeUndefined();
  });
});
