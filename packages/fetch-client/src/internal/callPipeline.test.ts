import { describe, expect, inject, it, vi } from 'vitest';
import { createClient } from '../index.js';

const apiKey = 'ii_live_calloptionstests';
const baseUrl = inject('mockBaseUrl');
const platformUrl = inject('mockPlatformUrl');

describe('per-call headers and fetchOptions', () => {
  it("adds the call's headers over the client's, for that call only", async () => {
    const fetchSpy = vi.fn(globalThis.fetch);
    const client = createClient({
      apiKey,
      baseUrl,
      platformUrl,
      fetch: fetchSpy,
      headers: { 'x-team': 'research', 'x-drop-me': 'yes' },
    });
    await client.instances.listTypes(
      {},
      { headers: { 'x-team': 'billing', 'x-drop-me': null, 'x-call': '1' } },
    );
    await client.instances.listTypes();
    const [first, second] = fetchSpy.mock.calls.map(([request]) => request as Request);
    expect(first?.headers.get('x-team')).toBe('billing');
    expect(first?.headers.get('x-call')).toBe('1');
    expect(first?.headers.has('x-drop-me')).toBe(false);
    expect(first?.headers.get('authorization')).toBe(`Bearer ${apiKey}`);
    expect(second?.headers.get('x-team')).toBe('research');
    expect(second?.headers.has('x-call')).toBe(false);
  });

  it("hands fetchOptions to fetch on every attempt, under the client's own signal", async () => {
    const inits: Array<RequestInit | undefined> = [];
    let attempt = 0;
    const flaky: typeof fetch = async (input, init) => {
      inits.push(init);
      attempt += 1;
      // The first attempt meets a 503, so the read is retried: the options must reach the retry too.
      if (attempt === 1) return new Response('{}', { status: 503, headers: { 'retry-after-ms': '0' } });
      return globalThis.fetch(input, init);
    };
    const client = createClient({ apiKey, baseUrl, platformUrl, fetch: flaky });
    const page = await client.instances.listTypes(
      {},
      { fetchOptions: { cache: 'no-store', keepalive: true, priority: 'high', credentials: 'omit' } },
    );
    expect(page.data.length).toBeGreaterThan(0);
    expect(inits).toHaveLength(2);
    for (const init of inits) {
      expect(init).toMatchObject({
        cache: 'no-store',
        keepalive: true,
        priority: 'high',
        credentials: 'omit',
      });
      expect(init?.signal).toBeInstanceOf(AbortSignal);
    }
  });

  it('serves the streamed chat too', async () => {
    const fetchSpy = vi.fn(globalThis.fetch);
    const client = createClient({ apiKey, baseUrl, platformUrl, fetch: fetchSpy });
    const stream = await client.chat.completions.create(
      { model: 'm', messages: [{ role: 'user', content: 'hi' }], stream: true },
      { headers: { 'x-call': 'stream' }, fetchOptions: { cache: 'no-store' } },
    );
    for await (const _chunk of stream) {
      // read to the end
    }
    const [request, init] = fetchSpy.mock.calls[0] as unknown as [Request, RequestInit];
    expect(request.headers.get('x-call')).toBe('stream');
    expect(init.cache).toBe('no-store');
  });
});
