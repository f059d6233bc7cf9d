import { addresses, closeServer, listenOnBoth } from './loopbackServers.js';
import type { MockServer, MockServerOptions } from './mockServerTypes.js';
import { createSimulator } from './simulator/createSimulator.js';
import { simulatorListener } from './simulator/nodeListener.js';
import { SimulatorOptionError } from './simulator/simulatorOptions.js';
import { readSpecDocument } from './specDocument.js';

export type { MockEngine, MockServer, MockServerOptions } from './mockServerTypes.js';
export { defaultSpecPath } from './specDocument.js';

/**
 * Serves the mock on one loopback server per base address: by default the stateful simulator (starts in
 * milliseconds), or Prism on the bundled spec with `engine: 'prism'`.
 */
export async function startMockServer(options: MockServerOptions = {}): Promise<MockServer> {
  if ((options.engine ?? 'simulator') === 'prism') {
    // Prism reads a file: a document given in memory would be silently left out.
    if (options.spec !== undefined)
      throw new SimulatorOptionError(
        "spec is the simulator's: give Prism the document as a file with specPath",
      );
    // Loaded only when asked for: Prism is an optional peer, and the simulator's users need none of this.
    const { startPrismMock } = await import('./prism/startPrismMock.js');
    return startPrismMock(options);
  }
  if (options.engine !== undefined && options.engine !== 'simulator') {
    throw new TypeError(`engine must be "simulator" or "prism" (got ${String(options.engine)})`);
  }
  // `specPath` names the document to serve, as it does for Prism: operations without a handler are answered from it.
  const spec = options.specPath === undefined ? options.spec : await readSpecDocument(options.specPath);
  const simulator = createSimulator({ ...options, ...(spec ? { spec } : {}) });
  await simulator.ready;
  const { ports, servers } = await listenOnBoth(options, (surface) => simulatorListener(simulator, surface));
  return {
    ...addresses(ports, simulator.routes),
    engine: 'simulator',
    simulator,
    close: async () => {
      await Promise.all(servers.map(closeServer));
    },
  };
}
