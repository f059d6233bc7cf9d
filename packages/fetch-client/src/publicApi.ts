// What both entries export besides createClient.
export * from './errors.js';
export type { EventStream } from './eventStream.js';
export type { InferenceInfraClient } from './internal/buildClient.js';
export { ClientConfigError, type ClientOptions } from './internal/clientConfig.js';
export type { CallOptions, LowLevelClient } from './internal/createCoreClient.js';
export type { WithRequestId } from './internal/withRequestId.js';
export { type OffsetPage, PagePromise } from './pagination.js';
