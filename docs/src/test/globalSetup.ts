import { createApiRoute, toNodeListener } from '@inference-infra/fetch-client/server';
import { startMockServer } from '@inference-infra/mock-server';
import { provideMockUrls } from '@inference-infra/test-kit/mockGlobalSetup';
import { routeOfListener, startStaticServer } from '@inference-infra/test-kit/staticServer';
import type { TestProject } from 'vitest/node';
import { samplesDir } from './runSample.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The origin of the React hook samples' page, e.g. `http://127.0.0.1:41234`: the app's server, with its route. */
    hookPageOrigin: string;
  }
}

/** The key the hook samples' app server holds: the samples' page never sees it. */
const appServerKey = 'ii_live_docs_app_server';

/**
 * One simulator for the docs tests, on free loopback ports, always stopped, with the data `scripts/start.sh` serves
 * and nothing added: the spec's example volume (the one the resize samples and "Try it" name) is the simulator's
 * own. Each curl, fetch-client and openai run uses a key of its own, hence a workspace of its own, so one sample's
 * resize never makes the next one's a 409: the one difference from start.sh, which takes only `ii_live_mock`.
 *
 * In front of it, the server of the app the React hook samples' page belongs to: the fetch client's `createApiRoute`
 * that adds the key to the page's keyless requests, as a real app's server does (its files, the written samples, are
 * never asked for: the test imports them). It runs here, in Node, because the hook test's own globals (fetch, Headers) are happy-dom's.
 * One key for all the hook samples, as an app has: they share a workspace, and none changes what another reads.
 */
export default async function setup(project: TestProject) {
  const mock = await startMockServer();
  provideMockUrls(project, mock);
  const app = await startStaticServer({
    rootDir: samplesDir,
    route: routeOfListener(
      toNodeListener(
        createApiRoute({
          baseUrl: mock.baseUrl,
          platformUrl: mock.platformUrl,
          apiKey: appServerKey,
          operations: ['createChatCompletion', 'generateImages', 'createEmbeddings', 'resizeVolume'],
        }),
      ),
    ),
  }).catch(async (error: unknown) => {
    await mock.close();
    throw error;
  });
  project.provide('hookPageOrigin', new URL(app.url).origin);
  return async () => {
    await app.close();
    await mock.close();
  };
}
