/** Only whether an app registered OpenTelemetry providers: what a client asks on every call, apart from the rest. */
export { type RegisteredApi, registeredApi } from './otel/registry.js';
