// @vitest-environment happy-dom
import { createSimulator } from '@inference-infra/mock-server';
import { describe, expect, it, vi } from 'vitest';
import { ClientConfigError, createClient } from '../index.js';

const apiKey = 'ii_live_browserguardtests';

describe('a key in a browser page', () => {
  it('runs in a page: window and document are there', () => {
    expect(typeof window).toBe('object');
    expect(typeof document).toBe('object');
  });

  it('is refused, saying why and what to do instead, without showing the key', () => {
    const attempt = () => createClient({ apiKey, baseUrl: 'https://api.example.test/v1' });
    expect(attempt).toThrow(ClientConfigError);
    expect(attempt).toThrow(/can be read by anyone who loads the page/);
    expect(attempt).toThrow(/apiKey: null/);
    expect(attempt).toThrow(/dangerouslyAllowBrowser: true/);
    expect(() => attempt()).not.toThrow(new RegExp(apiKey));
  });

  it('is refused from the environment too, and in a derived client', () => {
    vi.stubEnv('INFERENCE_INFRA_API_KEY', apiKey);
    try {
      expect(() => createClient({ baseUrl: 'https://api.example.test/v1' })).toThrow(ClientConfigError);
    } finally {
      vi.unstubAllEnvs();
    }
    const keyless = createClient({ apiKey: null, baseUrl: 'https://app.example.test/api/v1' });
    expect(() => keyless.withOptions({ apiKey })).toThrow(ClientConfigError);
  });

  it('is allowed with dangerouslyAllowBrowser: true', () => {
    expect(() => createClient({ apiKey, dangerouslyAllowBrowser: true })).not.toThrow();
  });

  it('is not needed by a keyless client, which sends no Authorization header', async () => {
    const simulator = createSimulator();
    const fetchSpy = vi.fn(simulator.fetch);
    const client = createClient({ apiKey: null, platformUrl: 'https://app.example.test', fetch: fetchSpy });
    // The simulator checks keys as the service does: a request without one is a 401, which shows it was sent bare.
    const error = await client.instances.listTypes().catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 401 });
    const [request] = fetchSpy.mock.calls.map(([input]) => input as Request);
    expect(request?.headers.has('authorization')).toBe(false);
  });
});
