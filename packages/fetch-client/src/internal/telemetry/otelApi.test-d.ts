import type * as api from '@opentelemetry/api';
import { describe, expectTypeOf, it } from 'vitest';
import type { MeterProvider, TextMapPropagator, TracerProvider } from '../../index.js';
import type { TelemetryOptions } from './telemetryOptions.js';

describe('the telemetry option takes what @opentelemetry/api hands out', () => {
  it('its providers and propagators fit', () => {
    expectTypeOf<api.TracerProvider>().toExtend<TracerProvider>();
    expectTypeOf<api.MeterProvider>().toExtend<MeterProvider>();
    expectTypeOf<api.TextMapPropagator>().toExtend<TextMapPropagator>();
    expectTypeOf<{
      tracerProvider: api.TracerProvider;
      meterProvider: api.MeterProvider;
    }>().toExtend<TelemetryOptions>();
  });

  it('refuses what is not one', () => {
    expectTypeOf<{ tracerProvider: { getMeter(): void } }>().not.toExtend<TelemetryOptions>();
  });
});
