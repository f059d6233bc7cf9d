/**
 * OpenTelemetry at our processes' edges, without importing OpenTelemetry: the API's shapes and global registry, W3C
 * Trace Context, and a server's span per request. One owner for the client, the API route and the simulator.
 */
export * from './otel/otelApi.js';
export * from './otel/serverSpan.js';
export * from './otel/traceContext.js';
