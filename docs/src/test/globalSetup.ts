import { createRequire } from 'node:module';
import { defaultVolumes, startMockServer } from '@inference-infra/mock-server';
import { mockGlobalSetup } from '@inference-infra/test-kit/mockGlobalSetup';

const spec = createRequire(import.meta.url)('@inference-infra/spec/openapi.json');

/**
 * One simulator for the docs tests, on free loopback ports, always stopped. Besides its own volumes, every
 * workspace starts with the volume the spec's resize example names ("Grow a 200 GB volume to 500 GB"), so the
 * resize samples, made from that example, resize a volume that exists. Each sample run uses a key of its own, hence
 * a workspace of its own, so one sample's resize never makes the next one's a 409.
 */
export default mockGlobalSetup(() =>
  startMockServer({
    volumes: [...defaultVolumes, { id: spec.components.parameters.VolumeId.example, sizeGb: 200 }],
  }),
);
