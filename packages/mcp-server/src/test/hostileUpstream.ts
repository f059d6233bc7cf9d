import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type UpstreamRoute = (request: IncomingMessage, response: ServerResponse, url: URL) => void;

export interface HostileUpstream {
  /** `http://127.0.0.1:<port>`: the platform address; the inference address is this plus `/v1`. */
  origin: string;
  close(): Promise<void>;
}

/**
 * An upstream that misbehaves as a test asks, on 127.0.0.1 only: `route` answers each request, and whatever it keeps
 * writing stops when the connection goes.
 */
export async function startHostileUpstream(route: UpstreamRoute): Promise<HostileUpstream> {
  const server = createServer((request, response) => {
    route(request, response, new URL(request.url ?? '/', 'http://127.0.0.1'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Writes `piece` every `everyMs` until the connection closes: an answer that never ends. */
export function writeForever(response: ServerResponse, piece: string, everyMs = 1): void {
  const timer = setInterval(() => {
    if (!response.writableEnded) response.write(piece);
  }, everyMs);
  response.once('close', () => clearInterval(timer));
}
