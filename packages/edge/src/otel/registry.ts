import type { ContextManager, MeterProvider, TextMapPropagator, TracerProvider } from './otelTypes.js';

/**
 * What an app registered with the API (`trace.setGlobalTracerProvider`, `NodeSDK.start()`...): the API keeps it on
 * the global object under this symbol, so every copy of the API in a process finds the same providers, and so does
 * the client without importing the API.
 */
const registryKey = Symbol.for('opentelemetry.js.api.1');

export interface RegisteredApi {
  trace?: TracerProvider;
  metrics?: MeterProvider;
  context?: ContextManager;
  propagation?: TextMapPropagator;
}

export const registeredApi = (): RegisteredApi | undefined =>
  (globalThis as unknown as Record<symbol, RegisteredApi | undefined>)[registryKey];
