import { startMockServer } from '@inference-infra/mock-server';
import { mockGlobalSetup } from '@inference-infra/test-kit/mockGlobalSetup';

/** One simulator of the service for the run, on free loopback ports; always stopped. */
export default mockGlobalSetup(() => startMockServer());
