import type { TestProject } from 'vitest/node';
import { startMockServer } from '../startMockServer.js';

declare module 'vitest' {
  export interface ProvidedContext {
    mockBaseUrl: string;
    mockPlatformUrl: string;
  }
}

/** One mock for the whole run, on free loopback ports; stopped when the run ends, pass or fail. */
export default async function setup(project: TestProject) {
  const mock = await startMockServer();
  project.provide('mockBaseUrl', mock.baseUrl);
  project.provide('mockPlatformUrl', mock.platformUrl);
  return () => mock.close();
}
