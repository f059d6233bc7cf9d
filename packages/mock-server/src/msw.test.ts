import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simulatorHandlers } from './msw.js';
import { createSimulator } from './simulator/createSimulator.js';
import { eventData } from './test/inProcess.js';

const simulator = createSimulator({ streamEventIntervalMs: 0 });
// Addresses nothing listens on: every answer must come from the handlers.
const baseUrl = 'http://127.0.0.1:9/v1';
const platformUrl = 'http://127.0.0.1:19';
const server = setupServer(...simulatorHandlers(simulator, { baseUrl, platformUrl }));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

const headers = { authorization: 'Bearer ii_live_msw', 'content-type': 'application/json' };

describe('MSW handlers on the simulator', () => {
  it('answer platform calls with the simulator state', async () => {
    const response = await fetch(`${platformUrl}/api/v1/instances/types?gpu_type=H100`, { headers });
    const { data } = await response.json();
    expect(data.length).toBeGreaterThan(0);
    expect(data.every((type: { gpu_type: string }) => type.gpu_type === 'H100')).toBe(true);
    expect(simulator.state.requests.at(-1)?.operationId).toBe('listInstanceTypes');
  });

  it("stream chat's POST as real server-sent events", async () => {
    const response = await fetch(`${baseUrl}/chat/completions`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'hi' }], stream: true }),
    });
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const data = eventData(await response.text());
    expect(data.length).toBeGreaterThan(3);
    expect(data.at(-1)).toBe('[DONE]');
  });

  it('keep faults and errors: a 429 with Retry-After, a 401 without a key', async () => {
    const limited = await fetch(`${platformUrl}/api/v1/billing/transactions`, {
      headers: { ...headers, 'x-simulate': 'status=429;retry-after=3' },
    });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('3');
    expect((await fetch(`${baseUrl}/embeddings`, { method: 'POST', body: '{}' })).status).toBe(401);
  });
});
