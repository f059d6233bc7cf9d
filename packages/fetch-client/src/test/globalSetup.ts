import { startMockServer } from '@inference-infra/mock-server';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    mockBaseUrl: string;
    mockPlatformUrl: string;
  }
}

/** One Prism mock of the bundled spec for the run, on free loopback ports; always stopped. */
export default async function setup(project: TestProject) {
  const mock = await startMockServer();
  project.provide('mockBaseUrl', mock.baseUrl);
  project.provide('mockPlatformUrl', mock.platformUrl);
  return () => mock.close();
}
