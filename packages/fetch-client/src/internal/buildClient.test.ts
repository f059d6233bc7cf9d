import type { Middleware } from 'openapi-fetch';
import { describe, expect, inject, it, vi } from 'vitest';
import { createClient, RequestValidationError } from '../index.js';

const apiKey = 'ii_live_withoptionstests';
const baseUrl = inject('mockBaseUrl');
const platformUrl = inject('mockPlatformUrl');

function recordingClient(options: Parameters<typeof createClient>[0] = {}) {
  const fetchSpy = vi.fn(globalThis.fetch);
  const client = createClient({ apiKey, baseUrl, platformUrl, fetch: fetchSpy, ...options });
  const sent = () => fetchSpy.mock.calls.map(([request]) => request as Request);
  return { client, fetchSpy, sent };
}

describe('withOptions()', () => {
  it("derives a client whose options replace the parent's, and adds its headers to the parent's", async () => {
    const { client, sent } = recordingClient({ headers: { 'x-team': 'research' }, maxRetries: 0 });
    const derived = client.withOptions({ headers: { 'x-trace': 'abc' }, validate: false });
    // Validation off in the derived client only: the server refuses it instead.
    await expect(derived.storage.resize('vol_training', { size_gb: 9 })).rejects.toMatchObject({
      status: 400,
    });
    await expect(client.storage.resize('vol_training', { size_gb: 9 })).rejects.toBeInstanceOf(
      RequestValidationError,
    );
    const [request] = sent();
    expect(request?.headers.get('x-team')).toBe('research');
    expect(request?.headers.get('x-trace')).toBe('abc');
    expect(request?.headers.get('authorization')).toBe(`Bearer ${apiKey}`);
    expect(sent()).toHaveLength(1);
  });

  it("shares nothing that changes: middleware, headers and options stay each client's own", async () => {
    const headers = { 'x-team': 'research' };
    const { client, sent } = recordingClient({ headers });
    const seen: string[] = [];
    const tag = (name: string): Middleware => ({
      onRequest: ({ request }) => {
        seen.push(`${name} ${new URL(request.url).pathname}`);
      },
    });
    const first = tag('first');
    client.use(first);
    const derived = client.withOptions({ platformUrl });
    client.use(tag('parent-only'));
    derived.use(tag('derived-only'));
    client.eject(first);
    headers['x-team'] = 'changed after creation';

    await client.instances.listTypes();
    await derived.instances.listTypes();
    expect(seen).toEqual([
      'parent-only /api/v1/instances/types',
      'first /api/v1/instances/types',
      'derived-only /api/v1/instances/types',
    ]);
    expect(sent().map((request) => request.headers.get('x-team'))).toEqual(['research', 'research']);
  });

  it('checks the new options as createClient does, leaving the parent as it was', async () => {
    const { client } = recordingClient();
    expect(() => client.withOptions({ timeoutMs: 0 })).toThrow(/timeoutMs must be a whole number/);
    expect(() => client.withOptions({ logLevel: 'loud' as 'info' })).toThrow(/logLevel must be one of/);
    expect((await client.instances.listTypes()).data.length).toBeGreaterThan(0);
  });
});
