import { publishPackages } from '@inference-infra/local-registry/publishPackages';
import { type LocalRegistry, startLocalRegistry } from '@inference-infra/local-registry/startLocalRegistry';
import { type MockServer, startMockServer } from '@inference-infra/mock-server';
import { provideMockUrls } from '@inference-infra/test-kit/mockGlobalSetup';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The local registry holding today's build of every public package: what a README's install line runs against. */
    registryUrl: string;
  }
}

/**
 * What the blocks run against, once for the whole run. The simulator on free loopback ports: any well-formed key
 * opens its own workspace, so an example's resize never makes another one's a 409; the examples' own addresses (the
 * local mock's 4010 and 4011) are replaced by these, and nothing else of them. And a local registry (Verdaccio: our
 * scope local, the rest proxied from the npm registry) with the workspace's packages published once as built now,
 * from which each README's own install line installs them in a reader's folder outside the repository.
 */
export default async function setup(project: TestProject) {
  let registry: LocalRegistry | undefined;
  let mock: MockServer | undefined;
  const stop = async () => {
    await Promise.allSettled([registry?.close(), mock?.close()]);
  };
  try {
    mock = await startMockServer();
    registry = await startLocalRegistry();
    await publishPackages(registry);
  } catch (error) {
    await stop();
    throw error;
  }
  provideMockUrls(project, mock);
  project.provide('registryUrl', registry.url);
  return stop;
}
