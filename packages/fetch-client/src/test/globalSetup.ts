import { startMockServer } from '@inference-infra/mock-server';
import { mockGlobalSetup } from '@inference-infra/test-kit/mockGlobalSetup';

/** One Prism mock of the bundled spec for the run, on free loopback ports; always stopped. */
export default mockGlobalSetup(() => startMockServer({ engine: 'prism' }));
