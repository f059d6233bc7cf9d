import { startMockServer } from '@inference-infra/mock-server';
import type { TestProject } from 'vitest/node';
import { startPlatformServer } from './platformServer';

declare module 'vitest' {
  export interface ProvidedContext {
    mockBaseUrl: string;
    mockPlatformUrl: string;
    /** The filtering and paging stand-in for the platform address, in front of the mock (see platformServer.ts). */
    platformUrl: string;
  }
}

/** The Prism mock and the platform stand-in for the run, on free loopback ports; both always stopped. */
export default async function setup(project: TestProject) {
  const mock = await startMockServer();
  const platform = await startPlatformServer(mock.platformUrl).catch(async (error: unknown) => {
    await mock.close();
    throw error;
  });
  project.provide('mockBaseUrl', mock.baseUrl);
  project.provide('mockPlatformUrl', mock.platformUrl);
  project.provide('platformUrl', platform.url);
  return async () => {
    await platform.close();
    await mock.close();
  };
}
