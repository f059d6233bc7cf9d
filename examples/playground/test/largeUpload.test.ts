import { fileURLToPath } from 'node:url';
import { type MockServer, startMockServer } from '@inference-infra/mock-server';
import { type StaticServer, startStaticServer } from '@inference-infra/test-kit/staticServer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlaygroundRoute } from '../scripts/playgroundRoute.js';

const distDir = fileURLToPath(new URL('../dist', import.meta.url));

describe("the playground's API route, sent a body far over its limit", () => {
  let mock: MockServer;
  let playground: StaticServer;

  beforeAll(async () => {
    mock = await startMockServer();
    const route = createPlaygroundRoute({
      distDir,
      api: { baseUrl: mock.baseUrl, platformUrl: mock.platformUrl, apiKey: 'ii_live_mock' },
      render: () => Promise.reject(new Error('the pricing page is not part of this test')),
    });
    playground = await startStaticServer({ rootDir: distDir, route });
  });

  afterAll(async () => {
    await Promise.all([playground?.close(), mock?.close()]);
  });

  it('answers a 50 MB chunked upload with the documented 413 and the error body, never a reset', async () => {
    for (let round = 0; round < 2; round += 1) {
      let sent = 0;
      // Chunked (no Content-Length): the route finds out only by reading, while the client is still sending.
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent++ >= 50) controller.close();
          else controller.enqueue(new Uint8Array(1024 * 1024).fill(32));
        },
      });
      const answer = await fetch(`${playground.url}v1/embeddings`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
        duplex: 'half',
      } as RequestInit);
      expect(answer.status).toBe(413);
      const { error } = await answer.json();
      expect(error).toMatchObject({ code: 'body_too_large', type: 'invalid_request_error', param: 'body' });
    }
    expect(mock.simulator?.state.requests.length).toBe(0);
  });
});
