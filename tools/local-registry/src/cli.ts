// `node tools/local-registry/src/cli.ts [--port N]` (what `scripts/start.sh --registry` runs): a registry on loopback
// holding every public package of the workspace as built now, every other package proxied from the public registry.
// Serves until stopped; its storage is new each time, so it always holds today's build.
import { parseArgs } from 'node:util';
import { publishPackages } from './publishPackages.ts';
import { startLocalRegistry } from './startLocalRegistry.ts';
import { publicPackages } from './workspacePackages.ts';

const usage = 'usage: cli.ts [--port N] (default 4873, INFERENCE_INFRA_REGISTRY_PORT)';
let port: number;
try {
  const { values } = parseArgs({ options: { port: { type: 'string' }, help: { type: 'boolean' } } });
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  const text = values.port ?? process.env.INFERENCE_INFRA_REGISTRY_PORT ?? '4873';
  port = Number(text);
  if (!/^\d+$/.test(text) || port < 1 || port > 65_535)
    throw new Error(`--port must be 1 to 65535, got "${text}"`);
} catch (error) {
  console.error(`${(error as Error).message}\n${usage}`);
  process.exit(2);
}

const registry = await startLocalRegistry({ port, onLine: (line) => console.error(line) });
const stop = () => {
  registry.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
// The publish output is long and only matters when it fails, where the error carries it.
await publishPackages(registry).catch(async (error: Error) => {
  console.error(error.message);
  await registry.close();
  process.exit(1);
});
const names = publicPackages().map((pkg) => `${pkg.name}@${pkg.version}`);
console.log(`registry ${registry.url} holds ${names.join(', ')}`);
