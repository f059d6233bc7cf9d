import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';

export const simulator = () => ({ baseUrl: inject('mockBaseUrl'), platformUrl: inject('mockPlatformUrl') });

export interface InstanceType {
  id: string;
  gpu_type: string;
  gpu_count: number;
  region: string;
  hourly_rate: number;
}

/**
 * A key of its own for one example (the simulator opens a workspace per key), distinctive enough that finding it in
 * a page, an answer or a log is never a coincidence.
 */
export const exampleKey = (name: string) =>
  `ii_live_examples${name.replace(/\W/g, '')}${randomBytes(6).toString('hex')}`;

/** The environment that points an example at the test's simulator, as each README names the variables. */
export function simulatorEnv(key: string): Record<string, string> {
  const { baseUrl, platformUrl } = simulator();
  return {
    INFERENCE_INFRA_API_KEY: key,
    INFERENCE_INFRA_BASE_URL: baseUrl.replace(/\/$/, ''),
    INFERENCE_INFRA_PLATFORM_URL: platformUrl.replace(/\/$/, ''),
  };
}

/** What the simulator itself answers for the H100s, cheapest first: what each example must show. */
export async function h100s(): Promise<InstanceType[]> {
  const answer = await fetch(new URL('api/v1/instances/types?gpu_type=H100', simulator().platformUrl), {
    headers: { authorization: `Bearer ${exampleKey('expected')}` },
  });
  if (!answer.ok) throw new Error(`the simulator answered ${answer.status} for the H100 list`);
  const { data } = (await answer.json()) as { data: InstanceType[] };
  if (data.length === 0) throw new Error('the simulator offers no H100');
  return data;
}

export async function cheapestH100(): Promise<InstanceType> {
  return (await h100s())[0] as InstanceType;
}
