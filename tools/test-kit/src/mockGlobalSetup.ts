import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    mockBaseUrl: string;
    mockPlatformUrl: string;
  }
}

/**
 * What the setup needs of a started mock; `MockServer` of @inference-infra/mock-server fits. Described here rather
 * than imported, so the mock server's own tests can use this setup without a dependency cycle.
 */
export interface StartedMock {
  baseUrl: string;
  platformUrl: string;
  close(): Promise<void>;
}

/** Gives the tests the mock's two base addresses, as `inject('mockBaseUrl')` and `inject('mockPlatformUrl')`. */
export function provideMockUrls(project: TestProject, mock: StartedMock): void {
  project.provide('mockBaseUrl', mock.baseUrl);
  project.provide('mockPlatformUrl', mock.platformUrl);
}

/**
 * A vitest global setup with one mock for the whole run, on the free loopback ports `startMock` picks, stopped when
 * the run ends, pass or fail. Export it as the default of the file named in `globalSetup`.
 */
export function mockGlobalSetup(startMock: () => Promise<StartedMock>) {
  return async function setup(project: TestProject) {
    const mock = await startMock();
    provideMockUrls(project, mock);
    return () => mock.close();
  };
}
