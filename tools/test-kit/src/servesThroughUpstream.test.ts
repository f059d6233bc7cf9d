import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { servesThroughUpstream } from './doorFuzz.js';

/** A door on 127.0.0.1 that answers the statuses given, one per request, then 200. */
async function doorAnswering(statuses: number[]) {
  let asked = 0;
  const server = createServer((_, res) => {
    const status = statuses[asked++] ?? 200;
    res.writeHead(status, { 'content-type': 'application/json' }).end(`{"status":${status}}`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/probe`;
  return { url, asked: () => asked, close: () => new Promise((resolve) => server.close(resolve)) };
}

describe('servesThroughUpstream', () => {
  it('counts a door that met its upstream deadline (504) and then answered 200 as serving', async () => {
    const door = await doorAnswering([504, 504]);
    try {
      expect(await servesThroughUpstream(door.url)).toBe(true);
      expect(door.asked()).toBe(3);
    } finally {
      await door.close();
    }
  });

  it('fails with what the door said when it answers 504 to every probe, or anything else but 200 once', async () => {
    for (const [statuses, asked] of [
      [[504, 504, 504], 3],
      [[500], 1],
      [[504, 502], 2],
    ] as const) {
      const door = await doorAnswering([...statuses]);
      try {
        await expect(servesThroughUpstream(door.url)).rejects.toThrow(
          `the door no longer serves GET ${door.url}: ${statuses.at(-1)} {"status":${statuses.at(-1)}}`,
        );
        expect(door.asked()).toBe(asked);
      } finally {
        await door.close();
      }
    }
  });
});
