import { startMockServer } from '@inference-infra/mock-server';
import { provideMockUrls } from '@inference-infra/test-kit/mockGlobalSetup';
import type { TestProject } from 'vitest/node';
import { startPlatformServer } from './platformServer';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The filtering and paging stand-in for the platform address, in front of the mock (see platformServer.ts). */
    platformUrl: string;
  }
}

/** The Prism mock and the platform stand-in for the run, on free loopback ports; both always stopped. */
export default async function setup(project: TestProject) {
  const mock = await startMockServer({ engine: 'prism' });
  const platform = await startPlatformServer(mock.platformUrl).catch(async (error: unknown) => {
    await mock.close();
    throw error;
  });
  provideMockUrls(project, mock);
  project.provide('platformUrl', platform.url);
  return async () => {
    await platform.close();
    await mock.close();
  };
}
