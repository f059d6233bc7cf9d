import { mockGlobalSetup } from '@inference-infra/test-kit/mockGlobalSetup';
import { startMockServer } from '../startMockServer.js';

/** One mock for the whole run, on free loopback ports; stopped when the run ends, pass or fail. */
export default mockGlobalSetup(() => startMockServer());
