import type { ContractSpec, JsonObject } from '../model/spec.js';
import type { Target } from '../transport/target.js';

/** Plain base64 (RFC 4648, padded, no line breaks, no `data:` prefix): what `Buffer`/`atob` decode without help. */
export const plainBase64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** How far `created` may lie from the moment its answer arrived: clocks drift, but not by an hour's time zone. */
export const createdToleranceSeconds = 900;

/**
 * `created` as the spec types it: Unix seconds of when the answer was made, which is now. A value in milliseconds lies
 * thousands of years ahead; local time written as if it were UTC (a server east or west of Greenwich) lies an hour or
 * more off, past the quarter of an hour allowed for a drifting clock.
 */
export function createdProblem(created: unknown, target: Target): string | undefined {
  const now = Date.now() / 1000;
  // The bundled mock (Prism) answers the spec's static example, made long ago: only its unit can be judged there.
  const tolerance = target.kind === 'bundled-mock' ? now - 946_684_800 : createdToleranceSeconds;
  if (typeof created !== 'number' || Math.abs(created - now) > tolerance) {
    const off = typeof created === 'number' ? ` (${Math.round(created - now)} s from now)` : '';
    return `created is ${JSON.stringify(created)}${off}, not the Unix seconds of now within ${createdToleranceSeconds / 60} minutes (milliseconds, local time or another unit?)`;
  }
  return undefined;
}

export function requestProperty(spec: ContractSpec, schema: string, property: string): JsonObject {
  return spec.resolve(`#/components/schemas/${schema}/properties/${property}`).value;
}
