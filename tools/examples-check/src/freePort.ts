import { createServer } from 'node:net';

/**
 * A port the OS has just handed out on 127.0.0.1, for a server that cannot be told to take port 0 and say which it
 * got (Vite's and Next.js's print the port they were given).
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}
