import type {
  BillingTransaction,
  InstanceType,
  PersistentVolume,
  TransactionType,
} from '@inference-infra/types';

/** The reference server's records: generated, so paging and filters have enough to work on, and deterministic. */
export interface ReferenceState {
  instanceTypes: InstanceType[];
  transactions: Array<BillingTransaction & { type: TransactionType }>;
  volumes: Map<string, PersistentVolume>;
}

/** A small seeded generator (mulberry32): the same data on every run, so a failure reproduces. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const gpus = [
  { gpu_type: 'H100', rate: 2.99 },
  { gpu_type: 'A10G', rate: 0.75 },
  { gpu_type: 'A100-80GB', rate: 1.79 },
  { gpu_type: 'L40S', rate: 1.19 },
];
const regions = ['us-east-1', 'eu-west-1', 'ap-southeast-1'];
const transactionTypes: TransactionType[] = ['credit', 'usage', 'refund', 'adjustment'];

/** Stored in no particular order (most expensive GPU first), so the server must sort to answer cheapest first. */
function instanceTypes(): InstanceType[] {
  const types: InstanceType[] = [];
  for (const gpu of gpus) {
    for (const [r, region] of regions.entries()) {
      for (const count of [8, 1, 2]) {
        if ((count + r) % 3 === 0) continue;
        types.push({
          id: `it_${gpu.gpu_type.toLowerCase()}_${count}x_${region}`,
          gpu_type: gpu.gpu_type,
          gpu_count: count,
          cpu_cores: 8 * count,
          memory_gb: 32 * count,
          storage_gb: 250 * count,
          region,
          hourly_rate: Math.round(gpu.rate * count * (1 + r * 0.08) * 100) / 100,
          deployment_type: count === 1 ? 'spot' : 'on-demand',
        });
      }
    }
  }
  return types;
}

/** A few hundred transactions, newest first, each of one kind (the kind is only known to the filter). */
function transactions(count: number): ReferenceState['transactions'] {
  const next = random(42);
  const newest = Date.parse('2026-11-20T23:00:00Z');
  return Array.from({ length: count }, (_, i) => {
    const type = transactionTypes[Math.floor(next() * transactionTypes.length)] as TransactionType;
    const magnitude = Math.round((1 + next() * 499) * 100) / 100;
    return {
      id: `txn_ref_${String(i).padStart(4, '0')}`,
      projectId: 'prj_reference',
      amount: type === 'usage' ? -magnitude : magnitude,
      description: `${type} #${i}`,
      createdAt: new Date(newest - i * 3 * 3_600_000).toISOString(),
      type,
    };
  });
}

function volume(id: string, name: string, sizeGb: number): PersistentVolume {
  return {
    id,
    name,
    sizeGb,
    status: 'available',
    region: 'us-east-1',
    providerType: 'block',
    deploymentId: 'dep_reference',
    projectId: 'prj_reference',
    environmentId: 'env_reference',
    createdAt: '2026-09-14T08:21:37Z',
    updatedAt: '2026-11-20T16:05:12Z',
  };
}

export const referenceVolume = { id: 'vol_ref_training', sizeGb: 100 };

export function createReferenceState(): ReferenceState {
  return {
    instanceTypes: instanceTypes(),
    transactions: transactions(317),
    volumes: new Map([
      [referenceVolume.id, volume(referenceVolume.id, 'training-data', referenceVolume.sizeGb)],
      ['vol_ref_scratch', volume('vol_ref_scratch', 'scratch', 10)],
    ]),
  };
}
