import type { PersistentVolume } from '@inference-infra/types';
import bundledSpec from '@inference-infra/types/openapi.json' with { type: 'json' };

interface SpecExamples {
  components: {
    parameters: { VolumeId: { example: string } };
    examples: { ResizeVolumeResponse: { value: { data: PersistentVolume } } };
  };
}

/**
 * The volume the spec's examples resize (`vol_01hx3k9q4m`, named and placed as its resize answer shows), at 200 GB,
 * the size its request example ("Grow a 200 GB volume to 500 GB") starts from: the docs' samples and "Try it"
 * defaults then answer 200 against the mock as it starts.
 */
export function specExampleVolume(): Pick<PersistentVolume, 'id' | 'sizeGb' | 'name' | 'region'> {
  const { components } = bundledSpec as unknown as SpecExamples;
  const shown = components.examples.ResizeVolumeResponse.value.data;
  return { id: components.parameters.VolumeId.example, name: shown.name, region: shown.region, sizeGb: 200 };
}
