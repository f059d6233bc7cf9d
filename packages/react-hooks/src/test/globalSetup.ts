import { startMockServer } from '@inference-infra/mock-server';
import type { TestProject } from 'vitest/node';
import { startPlatformServer } from './platformServer.js';

declare module 'vitest' {
  export interface ProvidedContext {
    mockBaseUrl: string;
    mockPlatformUrl: string;
    /** The paging stand-in for the platform address (see platformServer.ts). */
    pagingPlatformUrl: string;
  }
}

/** One Prism mock and one paging server for the run, on free loopback ports; both always stopped. */
export default async function setup(project: TestProject) {
  const [mock, paging] = await Promise.all([startMockServer(), startPlatformServer()]);
  project.provide('mockBaseUrl', mock.baseUrl);
  project.provide('mockPlatformUrl', mock.platformUrl);
  project.provide('pagingPlatformUrl', paging.url);
  return async () => {
    await Promise.all([mock.close(), paging.close()]);
  };
}
