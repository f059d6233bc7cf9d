import { startMockServer } from '@inference-infra/mock-server';
import { mockGlobalSetup } from '@inference-infra/test-kit/mockGlobalSetup';

/** The simulator the page talks to, as `bash scripts/start.sh` serves it, on free loopback ports; always stopped. */
export default mockGlobalSetup(() => startMockServer());
