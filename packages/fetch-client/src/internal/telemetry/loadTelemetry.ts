import { registeredApi } from '@inference-infra/edge/otel-registry';
import type { TelemetryOptions } from './telemetryOptions.js';

type CallTelemetryModule = typeof import('./callTelemetry.js');

let loading: Promise<CallTelemetryModule> | undefined;

/**
 * Whether anyone listens: providers given, or registered with the OpenTelemetry API. Asked on every call, so an SDK
 * started after the client was made is seen; with nobody listening a call costs this lookup and nothing else.
 */
export function telemetryWanted(
  options: Pick<TelemetryOptions, 'tracerProvider' | 'meterProvider'> | false | undefined,
): boolean {
  if (options === false) return false;
  if (options?.tracerProvider || options?.meterProvider) return true;
  const api = registeredApi();
  return api?.trace !== undefined || api?.metrics !== undefined;
}

/** The spans and metrics code, loaded with the first call that reports: a client that never traces never loads it. */
export function loadTelemetry(): Promise<CallTelemetryModule> {
  loading ??= import('./callTelemetry.js').then((module) => {
    loaded = module;
    return module;
  });
  return loading;
}

let loaded: CallTelemetryModule | undefined;

/** The module once it has loaded: later calls take it without waiting a turn. */
export const loadedTelemetry = (): CallTelemetryModule | undefined => loaded;
