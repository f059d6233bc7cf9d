import { defaultMaxAnswerBytes } from './readAnswer.js';

/**
 * What the suite runs against. The bundled mock answers static examples, so checks that need state or real
 * filtering are reported as skipped against it; a live target runs them, and runs state-changing or billable calls
 * only when mutations are allowed.
 */
export interface Target {
  kind: 'bundled-mock' | 'live';
  /** Inference base address, `/v1` included. */
  baseUrl: string;
  /** Platform base address, without the `/api/v1` that its paths carry. */
  platformUrl: string;
  apiKey: string;
  /**
   * A key of the workspace deactivated in the dashboard (`--deactivated-key`): its checks send it and expect the
   * refusal the spec gives (auth-401). A secret like the key: every output redacts both.
   */
  deactivatedKey?: string;
  /** Whether state-changing or billable calls may be made (always true for the bundled mock: nothing real changes). */
  allowMutations: boolean;
  /** Whether a check may grow the volume to the largest size the spec allows, which it keeps (`--allow-bound-resizes`). */
  allowBoundResizes?: boolean;
  /** The volume that resize checks grow. */
  volumeId?: string;
  /** The current size of `volumeId` in GB: the growth checks ask for one more GB than this. */
  volumeSizeGb?: number;
  /** Model ids for the inference calls; the spec's examples are used when absent. */
  models: { chat?: string; images?: string; embeddings?: string };
  /** Milliseconds to wait for one answer. */
  requestTimeoutMs: number;
  /** Bytes of one answer's body read at most; past them the check fails (`defaultMaxAnswerBytes` when absent). */
  maxAnswerBytes?: number;
  /** Requests a second the suite sends at most (`--max-rps`), for a live service's rate limit; unlimited when absent. */
  maxRequestsPerSecond?: number;
  /** Milliseconds the run may spend waiting out 429 answers (`--rate-limit-budget`, in seconds on the command line). */
  rateLimitBudgetMs?: number;
  /** Requests the sequence properties keep in flight at once (`--max-in-flight`, default 6, at least 2). */
  maxInFlight?: number;
  /** The base addresses are `prism proxy` processes in front of the target, which report spec violations. */
  viaPrismProxy?: boolean;
}

export interface TargetFlags {
  baseUrl?: string;
  platformUrl?: string;
  apiKey?: string;
  deactivatedKey?: string;
  allowMutations?: boolean;
  allowBoundResizes?: boolean;
  volumeId?: string;
  volumeSize?: string;
  chatModel?: string;
  imageModel?: string;
  embeddingModel?: string;
  requestTimeoutMs?: string;
  maxAnswerBytes?: string;
  maxRps?: string;
  rateLimitBudget?: string;
  maxInFlight?: string;
}

/** What a run asked for before any server exists: either a live target, or the bundled mock to be started. */
export type TargetRequest =
  | { kind: 'live'; target: Target }
  | { kind: 'bundled-mock'; complete(addresses: { baseUrl: string; platformUrl: string }): Target };

export class TargetError extends Error {
  override name = 'TargetError';
}

/**
 * The key sent to the bundled mock, which accepts any bearer key. Random after the prefix: every run of 8 of its
 * characters is redacted from what the run prints, so a key holding words (`ii_live_contract_tests`) turned this
 * tool's own name and the suite's field names into `[redacted]` in every run against the bundled mock.
 */
export const bundledMockApiKey = 'ii_live_9f3a1c7e5b2d4086';

function httpUrl(flag: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new TargetError(`${flag} must be an http(s) URL (got "${value}")`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new TargetError(`${flag} must be an http(s) URL (got "${value}")`);
  }
  return value.replace(/\/+$/, '');
}

function positiveInteger(flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!Number.isInteger(number) || number <= 0) {
    throw new TargetError(`${flag} must be a whole number above 0 (got "${value}")`);
  }
  return number;
}

function positiveNumber(flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  // A plain decimal only: `Number` also reads '', '0x10' and '1e3', which nobody means as a request rate.
  if (!/^\s*\d+(\.\d+)?\s*$/.test(value) || !(number > 0)) {
    throw new TargetError(`${flag} must be a number above 0, as 5 or 0.5 (got "${value}")`);
  }
  return number;
}

function wholeNumber(flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\s*\d+\s*$/.test(value) || !Number.isSafeInteger(Number(value))) {
    throw new TargetError(`${flag} must be a whole number of seconds, 0 or more (got "${value}")`);
  }
  return Number(value);
}

/**
 * Resolves the target from flags, then the `INFERENCE_INFRA_*` environment variables. Giving either base address
 * means a live target, which then needs both addresses and a key: guessing one of them could send a partner's key
 * to the wrong host.
 */
export function resolveTarget(flags: TargetFlags, env: NodeJS.ProcessEnv = process.env): TargetRequest {
  const baseUrl = flags.baseUrl ?? env.INFERENCE_INFRA_BASE_URL;
  const platformUrl = flags.platformUrl ?? env.INFERENCE_INFRA_PLATFORM_URL;
  const apiKey = flags.apiKey ?? env.INFERENCE_INFRA_API_KEY;
  const deactivatedKey = flags.deactivatedKey ?? env.INFERENCE_INFRA_DEACTIVATED_KEY;
  if (deactivatedKey !== undefined && deactivatedKey.trim() === '')
    throw new TargetError('--deactivated-key must be a key (got an empty value)');
  if (deactivatedKey !== undefined && deactivatedKey === apiKey)
    throw new TargetError(
      '--deactivated-key must be another key than --api-key: the suite expects it refused',
    );
  const deactivated = deactivatedKey === undefined ? {} : { deactivatedKey };
  const volumeSizeGb = positiveInteger('--volume-size', flags.volumeSize);
  const requestTimeoutMs = positiveInteger('--request-timeout', flags.requestTimeoutMs) ?? 30_000;
  const maxAnswerBytes = positiveInteger('--max-answer-bytes', flags.maxAnswerBytes) ?? defaultMaxAnswerBytes;
  const maxRequestsPerSecond = positiveNumber('--max-rps', flags.maxRps);
  const rateLimitBudgetSeconds = wholeNumber('--rate-limit-budget', flags.rateLimitBudget);
  const maxInFlight = positiveInteger('--max-in-flight', flags.maxInFlight);
  if (maxInFlight !== undefined && (maxInFlight < 2 || maxInFlight > 64))
    throw new TargetError(`--max-in-flight must be a whole number from 2 to 64 (got "${flags.maxInFlight}")`);
  const rateLimits = {
    ...(maxInFlight === undefined ? {} : { maxInFlight }),
    ...(maxRequestsPerSecond === undefined ? {} : { maxRequestsPerSecond }),
    ...(rateLimitBudgetSeconds === undefined ? {} : { rateLimitBudgetMs: rateLimitBudgetSeconds * 1000 }),
  };
  const models = {
    ...(flags.chatModel ? { chat: flags.chatModel } : {}),
    ...(flags.imageModel ? { images: flags.imageModel } : {}),
    ...(flags.embeddingModel ? { embeddings: flags.embeddingModel } : {}),
  };
  if (volumeSizeGb !== undefined && !flags.volumeId) {
    throw new TargetError('--volume-size is the current size of --volume-id: give both');
  }

  if (!baseUrl && !platformUrl) {
    return {
      kind: 'bundled-mock',
      complete: ({ baseUrl: mockBaseUrl, platformUrl: mockPlatformUrl }) => ({
        kind: 'bundled-mock',
        baseUrl: mockBaseUrl,
        platformUrl: mockPlatformUrl,
        apiKey: apiKey ?? bundledMockApiKey,
        ...deactivated,
        allowMutations: true,
        ...(flags.volumeId ? { volumeId: flags.volumeId } : {}),
        models,
        requestTimeoutMs,
        maxAnswerBytes,
        ...rateLimits,
      }),
    };
  }
  const missing = [
    baseUrl ? undefined : '--base-url (or INFERENCE_INFRA_BASE_URL)',
    platformUrl ? undefined : '--platform-url (or INFERENCE_INFRA_PLATFORM_URL)',
    apiKey ? undefined : '--api-key (or INFERENCE_INFRA_API_KEY)',
  ].filter(Boolean);
  if (missing.length > 0 || !baseUrl || !platformUrl || !apiKey) {
    throw new TargetError(`a live target needs ${missing.join(', ')}`);
  }
  const platform = httpUrl('--platform-url', platformUrl);
  if (/\/api\/v1$/.test(platform)) {
    // The platform paths of the spec carry /api/v1 themselves; a base address ending with it would double it.
    throw new TargetError(`--platform-url must not include /api/v1 (got "${platformUrl}")`);
  }
  return {
    kind: 'live',
    target: {
      kind: 'live',
      baseUrl: httpUrl('--base-url', baseUrl),
      platformUrl: platform,
      apiKey,
      ...deactivated,
      allowMutations: flags.allowMutations === true,
      ...(flags.allowBoundResizes === true ? { allowBoundResizes: true } : {}),
      ...(flags.volumeId ? { volumeId: flags.volumeId } : {}),
      ...(volumeSizeGb !== undefined ? { volumeSizeGb } : {}),
      models,
      requestTimeoutMs,
      maxAnswerBytes,
      ...rateLimits,
    },
  };
}

/** Every secret of the target, for the one redactor of everything the run writes: the key, and a deactivated one. */
export function secretsOf(target: Pick<Target, 'apiKey' | 'deactivatedKey'>): string[] {
  return target.deactivatedKey === undefined ? [target.apiKey] : [target.apiKey, target.deactivatedKey];
}
