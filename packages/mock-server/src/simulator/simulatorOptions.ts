import type { ServerTelemetryOptions } from '@inference-infra/edge/otel';
import type { InstanceType, PersistentVolume } from '@inference-infra/types';
import { type FaultRule, type ScenarioName, scenarios } from './faults.js';
import type { SimulatorInterceptor } from './simulatorTypes.js';
import { specExampleVolume } from './specExamples.js';

/** Which of the optional paging fields (`hasMore`, `total`) list answers carry: each is a legal choice of the spec. */
export type ListMeta = 'hasMore-and-total' | 'hasMore' | 'total' | 'none';

export interface SimulatorOptions {
  /** Seeds the ledger, chat text and request ids: the same seed gives the same answers (default 1). */
  seed?: number;
  /**
   * The only keys that open a workspace; any other gets 401. By default every well-formed key
   * (`<prefix>_live_<random>`) opens a workspace of its own.
   */
  keys?: readonly string[];
  /**
   * Keys deactivated in the dashboard: each is answered 401 as an unknown key is (the spec's `auth-401`), even where
   * `keys` lists it or any well-formed key would do, so a test can prove a deactivated key is refused (default: none).
   */
  deactivatedKeys?: readonly string[];
  /** Transactions in each workspace's ledger (default 317: six full pages of 50 and a short one). */
  transactionCount?: number;
  /** The instance-type catalogue (default: four GPU types in three regions, see the README). */
  instanceTypes?: readonly InstanceType[];
  /** The volumes each workspace starts with (default `vol_training` 100 GB, `vol_scratch` 10 GB, `vol_archive` 10000 GB). */
  volumes?: ReadonlyArray<Pick<PersistentVolume, 'id' | 'sizeGb'> & Partial<PersistentVolume>>;
  /** Values in each embedding (default 64). */
  embeddingDimensions?: number;
  /** Pause between streamed chat events, in milliseconds (default 20). */
  streamEventIntervalMs?: number;
  /** Which optional paging fields lists carry (default both). */
  listMeta?: ListMeta;
  /** The most items a page holds whatever `limit` asks, as servers that cap pages may (default: no cap). */
  maxPageSize?: number;
  /** Faults applied without a header. */
  faults?: readonly FaultRule[];
  /** A named set of fault rules: `rate-limited`, `flaky`, `slow`, `cut-streams`. */
  scenario?: ScenarioName;
  /** Largest request body accepted, in bytes (default 1 MiB); larger bodies get a 400. */
  maxBodyBytes?: number;
  /**
   * How long a request body may take to arrive over HTTP, from its first byte, in milliseconds (default 30000); a
   * slower one gets a 408 in the spec's error body, so a stalled upload holds no connection or buffer for minutes.
   */
  bodyTimeoutMs?: number;
  /**
   * Largest answer the simulator builds, in bytes (default 32 MiB): a request whose answer would be larger (many
   * inputs at many dimensions) gets a 400 naming this option before any of it is computed.
   */
  maxAnswerBytes?: number;
  /**
   * Deepest nesting of arrays and objects in a JSON body (default 64): deeper bodies get a 400 before anything walks
   * them, as open-schema fields could otherwise nest deep enough to overflow the stack.
   */
  maxJsonDepth?: number;
  /** Most inputs one embeddings request may carry (default 2048, OpenAI's limit); more get a 400. */
  maxEmbeddingInputs?: number;
  /**
   * Most pixels (width x height) of a generated image (default 2048 x 2048, the spec's largest); a larger size gets a
   * 400. Lower it to keep image tests cheap.
   */
  maxImagePixels?: number;
  /**
   * Origins whose pages may call the HTTP server (CORS, and the `/__simulator/*` control routes) besides loopback
   * pages (`http://127.0.0.1:*`, `http://localhost:*`, `http://[::1]:*`, https too), which always may. Default: none,
   * so a page on the web that the developer happens to open cannot drive the mock. `'*'` in the list allows every
   * origin.
   */
  allowedOrigins?: readonly string[];
  /** The clock, for `created` and `updatedAt` (default the system clock). */
  now?: () => Date;
  /** Wraps the handler (see `SimulatorInterceptor`). */
  intercept?: SimulatorInterceptor;
  /**
   * OpenTelemetry: each request a SERVER span continuing the caller's `traceparent` (W3C, or the registered
   * propagator), so a test sees one trace from its page through its route to the simulated service. `true` reports
   * to the SDK the process registered, `{ tracerProvider }` to one of its own. Default: off.
   */
  telemetry?: boolean | ServerTelemetryOptions;
  /**
   * The bundled OpenAPI document to serve (default: the toolkit's own, `@inference-infra/types/openapi.json`). Its
   * operations with a stateful handler (by operationId) behave as the README says; every other one is answered from
   * the spec (see `specServed.ts`).
   */
  spec?: Record<string, unknown>;
}

export type ResolvedSimulatorOptions = Required<
  Omit<
    SimulatorOptions,
    | 'keys'
    | 'deactivatedKeys'
    | 'instanceTypes'
    | 'scenario'
    | 'intercept'
    | 'allowedOrigins'
    | 'telemetry'
    | 'spec'
  >
> &
  Pick<SimulatorOptions, 'keys' | 'deactivatedKeys' | 'instanceTypes' | 'intercept' | 'allowedOrigins'> & {
    /** What the spans go to, or false for none. */
    telemetry: ServerTelemetryOptions | false;
  };

/** Only keys of the documented form `<prefix>_live_<random>` are keys at all. */
export const wellFormedKey = /^[A-Za-z0-9]+_live_[A-Za-z0-9_]+$/;

export const defaultVolumes: NonNullable<SimulatorOptions['volumes']> = [
  { id: 'vol_training', name: 'training-data', sizeGb: 100 },
  { id: 'vol_scratch', name: 'scratch', sizeGb: 10, region: 'eu-west-1' },
  { id: 'vol_archive', name: 'archive', sizeGb: 10_000 },
  // The spec's own example, so every docs sample and "Try it" default works as shown.
  specExampleVolume(),
];

export class SimulatorOptionError extends TypeError {
  override name = 'SimulatorOptionError';
}

function wholeNumber(
  name: string,
  value: number | undefined,
  min: number,
  max: number,
  fallback: number,
): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new SimulatorOptionError(
      `${name} must be a whole number from ${min} to ${max} (got ${String(value)})`,
    );
  }
  return value;
}

/** `origins` if each is an origin or `*`; else an error naming the option, which one and the rule. */
export function allowedOriginsOf(origins: readonly string[] | undefined): readonly string[] | undefined {
  for (const [index, origin] of (origins ?? []).entries()) {
    if (origin === '*') continue;
    let parsed: URL | undefined;
    try {
      parsed = new URL(origin);
    } catch {}
    if (!parsed || parsed.origin !== origin) {
      throw new SimulatorOptionError(
        `allowedOrigins[${index}] must be an origin such as http://localhost:3000 (scheme, host and port only), or * (got ${JSON.stringify(origin)})`,
      );
    }
  }
  return origins;
}

/**
 * A catalogue the ledger can bill from: usage lines are its entries' hourly rates times hours, so a ledger needs at
 * least one entry, and each entry a name and a price that make an amount.
 */
function checkCatalogue(
  catalogue: readonly InstanceType[] | undefined,
  transactionCount: number | undefined,
) {
  if (catalogue === undefined) return;
  if (catalogue.length === 0 && transactionCount !== 0) {
    throw new SimulatorOptionError(
      'instanceTypes must hold at least one instance type while the ledger has transactions (transactionCount above 0): usage is billed at its hourly rates',
    );
  }
  for (const [index, instance] of catalogue.entries()) {
    if (typeof instance?.id !== 'string' || instance.id === '') {
      throw new SimulatorOptionError(`instanceTypes[${index}].id must be a non-empty string`);
    }
    const rate = instance.hourly_rate;
    if (typeof rate !== 'number' || !Number.isFinite(rate) || rate < 0) {
      throw new SimulatorOptionError(
        `instanceTypes[${index}].hourly_rate must be a finite number of at least 0: the ledger bills usage at it (got ${String(rate)})`,
      );
    }
  }
}

const listMetaValues: readonly ListMeta[] = ['hasMore-and-total', 'hasMore', 'total', 'none'];

/** Checks every option, naming the option and its rule, and fills in the defaults. */
export function resolveSimulatorOptions(options: SimulatorOptions): ResolvedSimulatorOptions {
  for (const [index, key] of (options.keys ?? []).entries()) {
    if (typeof key !== 'string' || !wellFormedKey.test(key)) {
      throw new SimulatorOptionError(
        `keys[${index}] must look like <prefix>_live_<random> (letters, digits, _)`,
      );
    }
  }
  for (const [index, key] of (options.deactivatedKeys ?? []).entries()) {
    if (typeof key !== 'string' || !wellFormedKey.test(key)) {
      throw new SimulatorOptionError(
        `deactivatedKeys[${index}] must look like <prefix>_live_<random> (letters, digits, _)`,
      );
    }
  }
  if (options.keys?.length === 0)
    throw new SimulatorOptionError('keys must list at least one key when given');
  if (options.listMeta !== undefined && !listMetaValues.includes(options.listMeta)) {
    throw new SimulatorOptionError(
      `listMeta must be one of ${listMetaValues.join(', ')} (got ${String(options.listMeta)})`,
    );
  }
  if (options.scenario !== undefined && !(options.scenario in scenarios)) {
    throw new SimulatorOptionError(
      `scenario must be one of ${Object.keys(scenarios).join(', ')} (got ${String(options.scenario)})`,
    );
  }
  checkCatalogue(options.instanceTypes, options.transactionCount);
  for (const [index, volume] of (options.volumes ?? []).entries()) {
    if (typeof volume.id !== 'string' || volume.id === '' || /[/?#]|^\.\.?$/.test(volume.id)) {
      throw new SimulatorOptionError(
        `volumes[${index}].id must be a non-empty string usable as a path segment`,
      );
    }
    wholeNumber(`volumes[${index}].sizeGb`, volume.sizeGb, 10, 10_000, 10);
  }
  return {
    seed: wholeNumber('seed', options.seed, 0, 2 ** 32 - 1, 1),
    keys: options.keys,
    deactivatedKeys: options.deactivatedKeys,
    transactionCount: wholeNumber('transactionCount', options.transactionCount, 0, 1_000_000, 317),
    instanceTypes: options.instanceTypes,
    volumes: options.volumes ?? defaultVolumes,
    embeddingDimensions: wholeNumber('embeddingDimensions', options.embeddingDimensions, 1, 8192, 64),
    streamEventIntervalMs: wholeNumber('streamEventIntervalMs', options.streamEventIntervalMs, 0, 60_000, 20),
    listMeta: options.listMeta ?? 'hasMore-and-total',
    maxPageSize: wholeNumber('maxPageSize', options.maxPageSize, 1, 100, 100),
    faults: [...(options.scenario ? scenarios[options.scenario] : []), ...(options.faults ?? [])],
    maxBodyBytes: wholeNumber('maxBodyBytes', options.maxBodyBytes, 1024, 64 * 1024 * 1024, 1024 * 1024),
    bodyTimeoutMs: wholeNumber('bodyTimeoutMs', options.bodyTimeoutMs, 100, 600_000, 30_000),
    maxAnswerBytes: wholeNumber(
      'maxAnswerBytes',
      options.maxAnswerBytes,
      1024,
      256 * 1024 * 1024,
      32 * 1024 * 1024,
    ),
    maxJsonDepth: wholeNumber('maxJsonDepth', options.maxJsonDepth, 8, 1000, 64),
    maxEmbeddingInputs: wholeNumber('maxEmbeddingInputs', options.maxEmbeddingInputs, 1, 100_000, 2048),
    maxImagePixels: wholeNumber(
      'maxImagePixels',
      options.maxImagePixels,
      256 * 256,
      2048 * 2048,
      2048 * 2048,
    ),
    allowedOrigins: allowedOriginsOf(options.allowedOrigins),
    now: options.now ?? (() => new Date()),
    intercept: options.intercept,
    telemetry: telemetryOf(options.telemetry),
  };
}

function telemetryOf(telemetry: SimulatorOptions['telemetry']): ServerTelemetryOptions | false {
  if (telemetry === undefined || telemetry === false) return false;
  if (telemetry === true) return {};
  if (typeof telemetry !== 'object' || telemetry === null)
    throw new SimulatorOptionError('telemetry must be true, false or { tracerProvider }');
  if (telemetry.tracerProvider !== undefined && typeof telemetry.tracerProvider?.getTracer !== 'function')
    throw new SimulatorOptionError(
      'telemetry.tracerProvider must be an OpenTelemetry TracerProvider (getTracer())',
    );
  return telemetry;
}
