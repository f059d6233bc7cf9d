import { startMockServer } from '@inference-infra/mock-server';
import { provideMockUrls } from '@inference-infra/test-kit/mockGlobalSetup';
import type { TestProject } from 'vitest/node';
import { startPlatformServer } from './platformServer.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The paging stand-in for the platform address (see platformServer.ts). */
    pagingPlatformUrl: string;
  }
}

/** One Prism mock and one paging server for the run, on free loopback ports; both always stopped. */
export default async function setup(project: TestProject) {
  // Streamed events 200 ms apart: slow enough that a test sees the answer grow and can abort it midway even on a
  // busy machine, where 20 ms would let React batch a whole stream into one render.
  const [mock, paging] = await Promise.all([
    startMockServer({ engine: 'prism', streamEventIntervalMs: 200 }),
    startPlatformServer(),
  ]);
  provideMockUrls(project, mock);
  project.provide('pagingPlatformUrl', paging.url);
  return async () => {
    await Promise.all([mock.close(), paging.close()]);
  };
}
