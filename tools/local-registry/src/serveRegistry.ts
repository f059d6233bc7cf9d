// The registry's own process (started by `startLocalRegistry`): Verdaccio on the loopback address and the port it is
// given, 0 for any free one; its first line on standard output is `{"port":N}` once it listens.
import type { Server } from 'node:http';
import { runServer } from 'verdaccio';
import { behindRegistryDoor } from './registryDoor.ts';

const [configPath, portText = '0'] = process.argv.slice(2);
if (!configPath) {
  console.error('usage: serveRegistry.ts <config.yaml> [port]');
  process.exit(2);
}
const server = (await runServer(configPath)) as Server;
// Verdaccio's app is the server's one request listener: put behind the door (loopback Host, no pages, no CORS).
const [verdaccio] = server.listeners('request') as Parameters<typeof behindRegistryDoor>[0][];
if (!verdaccio) throw new Error('Verdaccio made a server without a request listener');
server.removeAllListeners('request');
server.on('request', behindRegistryDoor(verdaccio));
server.on('error', (error: NodeJS.ErrnoException) => {
  console.error(
    error.code === 'EADDRINUSE'
      ? `port ${portText} is in use: the registry needs another (--registry-port, or INFERENCE_INFRA_REGISTRY_PORT)`
      : `the registry could not listen: ${error.message}`,
  );
  process.exit(1);
});
server.listen(Number(portText), '127.0.0.1', () => {
  const address = server.address();
  if (address && typeof address === 'object') console.log(JSON.stringify({ port: address.port }));
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  });
}
