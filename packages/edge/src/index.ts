export {
  type BodyLimits,
  bodyTooLarge,
  isJsonMediaType,
  jsonContentTypeRefusal,
  readCappedBody,
  utf8Text,
} from './bodyLimits.js';
export { boundedStream, type StreamBounds, type StreamLimit, StreamLimitError } from './boundedStream.js';
export { callUpstream, type UpstreamCall } from './callUpstream.js';
export { type AdmittedRequest, admitRequest, type DoorRules, type RequestFacts } from './door.js';
export {
  authorityRefusal,
  type HostPolicy,
  hostRefusal,
  isLoopbackAddress,
  isLoopbackHostname,
  parseHost,
} from './hostPolicy.js';
export { type KeyForm, keyAsSent, leakRunLength, splitKey, textForms } from './keyForms.js';
export { type OriginPolicy, originAllowed, originRefusal } from './originPolicy.js';
// The OpenTelemetry shapes as types only (their code is the `/otel` entry's): a package that bundles this module
// names them in its own declarations through this entry, which a declaration bundler resolves.
export type {
  Attributes,
  MeterProvider,
  ServerSpan,
  ServerTelemetryOptions,
  TextMapPropagator,
  TracerProvider,
} from './otel.js';
export { createRedactor, type Redactor, redacted, redactorFor } from './redactor.js';
export { isRefusal, type Refusal, refusal } from './refusal.js';
export { type CheckedTarget, checkPath, checkTarget } from './requestTarget.js';
export { createRouteMatcher, type RouteMatch, type RouteTemplate } from './routeMatcher.js';
export { RedirectRefusedError, withoutRedirects } from './withoutRedirects.js';
