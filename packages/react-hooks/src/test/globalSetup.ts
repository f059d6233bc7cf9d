import { startMockServer } from '@inference-infra/mock-server';
import { mockGlobalSetup } from '@inference-infra/test-kit/mockGlobalSetup';

/**
 * One simulator of the service for the run, on free loopback ports; always stopped. Streamed events 200 ms apart:
 * slow enough that a test sees the answer grow and can abort it midway even on a busy machine, where 20 ms would let
 * React batch a whole stream into one render.
 */
export default mockGlobalSetup(() => startMockServer({ streamEventIntervalMs: 200 }));
