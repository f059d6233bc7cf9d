import type { InstanceType } from '@inference-infra/types';

/** Price per GPU-hour in the cheapest region, by GPU type; `A100` and `A10G` share a prefix on purpose. */
const gpus = [
  {
    gpu_type: 'H100',
    perGpu: 2.49,
    counts: [1, 2, 8],
    cpuPerGpu: 26,
    memoryPerGpu: 200,
    storagePerGpu: 1000,
  },
  {
    gpu_type: 'A100',
    perGpu: 1.29,
    counts: [1, 2, 4, 8],
    cpuPerGpu: 16,
    memoryPerGpu: 120,
    storagePerGpu: 500,
  },
  { gpu_type: 'L40S', perGpu: 0.99, counts: [1, 2, 4], cpuPerGpu: 12, memoryPerGpu: 64, storagePerGpu: 400 },
  { gpu_type: 'A10G', perGpu: 0.6, counts: [1, 2, 4], cpuPerGpu: 8, memoryPerGpu: 32, storagePerGpu: 250 },
] as const;

const regions = [
  { region: 'us-east-1', factor: 1, short: 'use1' },
  { region: 'eu-west-1', factor: 1.1, short: 'euw1' },
  { region: 'ap-southeast-1', factor: 1.2, short: 'apse1' },
] as const;

/**
 * The default catalogue: four GPU types in three regions with 1 to 8 GPUs, on demand and (for single GPUs outside
 * us-east-1) spot. Fixed rather than seeded, so documentation and tests can name what a filter answers. Stored
 * most expensive first: the simulator sorts, as the service must.
 */
export function defaultCatalogue(): InstanceType[] {
  const types: InstanceType[] = [];
  for (const gpu of gpus) {
    for (const { region, factor, short } of regions) {
      for (const count of gpu.counts) {
        // Not every size is offered everywhere, as in a real cloud.
        if (count === 8 && region === 'ap-southeast-1') continue;
        const spot = count === 1 && region !== 'us-east-1';
        const rate = gpu.perGpu * count * factor * (spot ? 0.6 : 1);
        types.push({
          id: `it_${gpu.gpu_type.toLowerCase()}_${count}x_${short}${spot ? '_spot' : ''}`,
          gpu_type: gpu.gpu_type,
          gpu_count: count,
          cpu_cores: gpu.cpuPerGpu * count,
          memory_gb: gpu.memoryPerGpu * count,
          storage_gb: gpu.storagePerGpu * count,
          region,
          hourly_rate: Math.round(rate * 100) / 100,
          deployment_type: spot ? 'spot' : 'on-demand',
        });
      }
    }
  }
  // A price tie across GPU types, so clients and checks meet equal prices (order among them is by id).
  const tie = types.find((type) => type.id === 'it_a10g_2x_use1');
  const partner = types.find((type) => type.id === 'it_l40s_1x_euw1_spot');
  if (tie && partner) partner.hourly_rate = tie.hourly_rate;
  return types.sort((a, b) => b.hourly_rate - a.hourly_rate || a.id.localeCompare(b.id));
}

/** Cheapest first, as the document orders the list; equal prices by id, so the order never depends on storage. */
export function byPrice(a: InstanceType, b: InstanceType): number {
  return a.hourly_rate - b.hourly_rate || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}
