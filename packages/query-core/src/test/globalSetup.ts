import { startMockServer } from '@inference-infra/mock-server';
import { mockGlobalSetup } from '@inference-infra/test-kit/mockGlobalSetup';

/**
 * One simulator of the service for the run, on free loopback ports; always stopped. Streamed events 200 ms apart, so
 * a browser test sees the answer grow and can abort it midway even on a busy machine.
 */
export default mockGlobalSetup(() => startMockServer({ streamEventIntervalMs: 200 }));
