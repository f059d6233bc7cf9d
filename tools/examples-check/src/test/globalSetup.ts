import { publishPackages } from '@inference-infra/local-registry/publishPackages';
import { type LocalRegistry, startLocalRegistry } from '@inference-infra/local-registry/startLocalRegistry';
import { type MockServer, startMockServer } from '@inference-infra/mock-server';
import { provideMockUrls } from '@inference-infra/test-kit/mockGlobalSetup';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The local registry holding today's build of every public package (`--registry` takes it). */
    registryUrl: string;
  }
}

/**
 * What every example installs from and runs against, once for the whole run: a local registry (Verdaccio, our scope
 * local, the rest proxied from the npm registry) with the workspace's packages published as built now, and the
 * simulator on free loopback ports, where any well-formed key is a workspace of its own. Both always stop.
 */
export default async function setup(project: TestProject) {
  const started = Date.now();
  let registry: LocalRegistry | undefined;
  let mock: MockServer | undefined;
  const stop = async () => {
    await Promise.allSettled([registry?.close(), mock?.close()]);
  };
  try {
    registry = await startLocalRegistry();
    await publishPackages(registry);
    mock = await startMockServer();
  } catch (error) {
    await stop();
    throw error;
  }
  console.log(
    `[examples-check] registry ${registry.url} holds today's build, simulator at ${mock.baseUrl} (${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
  project.provide('registryUrl', registry.url);
  provideMockUrls(project, mock);
  return stop;
}
