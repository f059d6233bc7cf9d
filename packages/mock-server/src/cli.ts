#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { startMockServer } from './startMockServer.js';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '4010' },
    'platform-port': { type: 'string', default: '4011' },
    spec: { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});

if (values.help) {
  console.log(`Usage: inference-infra-mock [--port 4010] [--platform-port 4011] [--spec openapi.json]

Serves the inference base address (with /v1) and the platform base address on 127.0.0.1, from the bundled spec.
Any bearer key is accepted; a request without one gets 401. Port 0 picks a free port.`);
  process.exit(0);
}

function portOption(name: string, value: string | undefined): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`--${name} must be a whole number from 0 to 65535 (got "${value}")`);
    process.exit(2);
  }
  return port;
}

const mock = await startMockServer({
  inferencePort: portOption('port', values.port),
  platformPort: portOption('platform-port', values['platform-port']),
  specPath: values.spec,
});

console.log(`Mock API is up (Prism on the bundled spec; any bearer key works, e.g. ii_live_mock):
  Inference base address (OpenAI-style clients: baseURL): ${mock.baseUrl}
  Platform base address:                                  ${mock.platformUrl}
  Try: curl -H 'Authorization: Bearer ii_live_mock' ${mock.platformUrl}/api/v1/instances/types
Press Ctrl+C to stop.`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void mock.close().then(() => process.exit(0));
  });
}
