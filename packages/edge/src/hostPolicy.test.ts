import { describe, expect, it } from 'vitest';
import { hostRefusal } from './hostPolicy.js';

const anyHost = { allowedHosts: ['*'], option: 'allowedHosts' };

describe('hostRefusal', () => {
  it('takes any well-formed name under "*", and still refuses a malformed or repeated Host', () => {
    expect(hostRefusal(['evil.example:80'], anyHost)).toBeUndefined();
    expect(hostRefusal(['a b'], anyHost)?.code).toBe('malformed_host');
    expect(hostRefusal(['a.example', 'b.example'], anyHost)?.status).toBe(400);
    expect(hostRefusal([], anyHost)?.status).toBe(400);
  });
});
