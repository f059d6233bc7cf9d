// What both entries export besides createClient.

export type {
  MeterProvider,
  TextMapPropagator,
  TracerProvider,
} from '@inference-infra/edge';
export { APIPromise, type DataWithResponse } from './apiPromise.js';
export * from './errors.js';
export type { EventStream } from './eventStream.js';
export type { InferenceInfraClient } from './internal/buildClient.js';
export type { CallOptions, FetchOptions } from './internal/callOptions.js';
export type { LowLevelClient } from './internal/callPipeline.js';
export type { ClientOptions } from './internal/clientConfig.js';
export type { Logger, LogLevel } from './internal/logger.js';
export type { TelemetryOptions } from './internal/telemetry/telemetryOptions.js';
export type { WithRequestId } from './internal/withRequestId.js';
export { nextPageOffset, type OffsetPage, type OffsetPageQuery, type PagePromise } from './pagination.js';
export type { RateLimitHeaders } from './rateLimitHeaders.js';
// The resource types (generated from the spec), so declarations that mention the client's type can name them.
export type * from './resources/resources.gen.js';
