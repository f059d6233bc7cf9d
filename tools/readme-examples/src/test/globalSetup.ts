import { startMockServer } from '@inference-infra/mock-server';
import { mockGlobalSetup } from '@inference-infra/test-kit/mockGlobalSetup';

/**
 * The simulator the examples run against, on free loopback ports: any well-formed key opens its own workspace, so an
 * example's resize never makes another one's a 409. The examples' own addresses (the local mock's 4010 and 4011) are
 * replaced by these, and nothing else of them.
 */
export default mockGlobalSetup(() => startMockServer());
