import {
  type PagingPlatformServer,
  startPagingPlatformServer,
} from '@inference-infra/test-kit/pagingPlatformServer';

export const transactionCount = 23;

const transactions = Array.from({ length: transactionCount }, (_, index) => ({
  id: `txn_${String(index + 1).padStart(3, '0')}`,
  projectId: 'prj_paging',
  amount: index % 4 === 0 ? 25 : -(index + 1) * 1.5,
  description: `Transaction ${index + 1}`,
  // Newest first, as the spec assumes.
  createdAt: new Date(Date.UTC(2026, 10, 22) - index * 3_600_000).toISOString(),
}));

const instanceTypes = [
  ['it_h100_8x_use1', 'H100', 8, 'us-east-1', 23.92],
  ['it_a10g_1x_use1', 'A10G', 1, 'us-east-1', 0.75],
  ['it_h100_1x_euw1', 'H100', 1, 'eu-west-1', 3.1],
  ['it_l40s_1x_euw1', 'L40S', 1, 'eu-west-1', 1.19],
  ['it_a100_2x_use1', 'A100-80GB', 2, 'us-east-1', 3.58],
].map(([id, gpu_type, gpu_count, region, hourly_rate]) => ({
  id: id as string,
  gpu_type: gpu_type as string,
  gpu_count: gpu_count as number,
  cpu_cores: 16 * (gpu_count as number),
  memory_gb: 120 * (gpu_count as number),
  storage_gb: 500 * (gpu_count as number),
  region: region as string,
  hourly_rate: hourly_rate as number,
  deployment_type: 'on-demand',
}));

/**
 * The paging stand-in for the platform address, with the fixtures above; like the API, it wants a bearer key and
 * answers 404 to a path it does not serve. Starts on a free loopback port.
 */
export function startPlatformServer(): Promise<PagingPlatformServer> {
  return startPagingPlatformServer({
    transactions,
    instanceTypes,
    requestIdPrefix: 'req_paging_',
    requireBearerKey: true,
  });
}
