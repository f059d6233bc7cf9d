import { randomBytes } from 'node:crypto';
import { createSimulator } from '@inference-infra/mock-server';
import { expect, it } from 'vitest';
import { serveHttp } from '../http/serveHttp.js';
import { createMcpServer } from '../server/createMcpServer.js';
import { initialize } from '../test/httpClients.js';

const addresses = { baseUrl: 'http://127.0.0.1:4010/v1', platformUrl: 'http://127.0.0.1:4011' };
const newKey = () => `ii_live_${randomBytes(12).toString('hex')}`;

it('with bearer-passthrough, made-up keys hold no session: real users still get theirs past --max-sessions of them', async () => {
  const [alice, bob] = [newKey(), newKey()];
  // The API takes two keys; any other is refused with 401, as a real API does.
  const simulator = createSimulator({ keys: [alice, bob] });
  const endpoint = await serveHttp(
    ({ apiKey }) => createMcpServer({ apiKey, fetch: simulator.fetch, ...addresses }),
    { auth: { mode: 'bearer-passthrough' }, maxSessions: 2 },
  );
  const start = (key: string) =>
    fetch(endpoint.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        authorization: `Bearer ${key}`,
      },
      body: initialize,
    });
  for (let attempt = 0; attempt < 6; attempt++) {
    const madeUp = await start(newKey());
    expect(madeUp.status).toBe(401);
    expect(madeUp.headers.get('mcp-session-id')).toBeNull();
    expect((await madeUp.json()).error.message).toBe(
      'Authorization: the API does not take this key; a session needs a key the API accepts',
    );
  }
  for (const key of [alice, bob]) {
    const real = await start(key);
    expect(real.status).toBe(200);
    expect(real.headers.get('mcp-session-id')).toBeTruthy();
    await real.body?.cancel();
  }
  await endpoint.close();
});
