import {
  type PagingPlatformServer,
  startPagingPlatformServer,
} from '@inference-infra/test-kit/pagingPlatformServer';

export const transactionCount = 23;

const transactions = Array.from({ length: transactionCount }, (_, index) => ({
  id: `txn_${String(index + 1).padStart(3, '0')}`,
  projectId: 'prj_playground',
  amount: index % 4 === 0 ? 25 : -Math.round((index + 1) * 137) / 100,
  description: index % 4 === 0 ? 'Credit top-up' : `GPU usage, 1x A10G, ${index + 1} h`,
  // Newest first, as the spec assumes.
  createdAt: new Date(Date.UTC(2026, 10, 22) - index * 86_400_000).toISOString(),
}));

export const instanceTypes = (
  [
    ['it_h100_8x_use1', 'H100', 8, 'us-east-1', 23.92, 'on-demand'],
    ['it_a10g_1x_use1', 'A10G', 1, 'us-east-1', 0.75, 'spot'],
    ['it_h100_1x_euw1', 'H100', 1, 'eu-west-1', 3.1, 'on-demand'],
    ['it_l40s_1x_euw1', 'L40S', 1, 'eu-west-1', 1.19, 'on-demand'],
    ['it_a100_2x_use1', 'A100-80GB', 2, 'us-east-1', 3.58, 'on-demand'],
    ['it_h100_8x_euw1', 'H100', 8, 'eu-west-1', 22.4, 'spot'],
  ] as const
).map(([id, gpu_type, gpu_count, region, hourly_rate, deployment_type]) => ({
  id,
  gpu_type,
  gpu_count,
  cpu_cores: 16 * gpu_count,
  memory_gb: 120 * gpu_count,
  storage_gb: 500 * gpu_count,
  region,
  hourly_rate,
  deployment_type,
}));

/**
 * The filtering and paging stand-in for the platform address, with the fixtures above. Any other path (the resize)
 * is passed on to the mock at `upstreamUrl`, its platform address. Starts on a free loopback port.
 */
export function startPlatformServer(upstreamUrl: string): Promise<PagingPlatformServer> {
  return startPagingPlatformServer({
    transactions,
    instanceTypes,
    requestIdPrefix: 'req_playground_',
    upstreamUrl,
  });
}
