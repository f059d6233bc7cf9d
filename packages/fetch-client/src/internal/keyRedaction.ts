import type { Redactor } from '@inference-infra/edge';

type Edge = typeof import('@inference-infra/edge');

let edge: Edge | undefined;
let loading: Promise<void> | undefined;

/**
 * Loads the edge's key redactor, the one every process of ours uses (every form of the key, every 8-character run of
 * its secret): ~2.2 kB min+gz, behind a dynamic import so that a client whose calls succeed with logging off, and
 * every keyless page, never loads it. The request pipeline (`callPipeline.ts`) is its one caller: before sending a call
 * that quotes as it goes (a log line, a span, a keyed stream), and on the way out of a failure. It resolves once per
 * process; `needed` falsy loads nothing.
 */
export function loadRedaction(needed: unknown = true): Promise<void> | undefined {
  if (!needed) return undefined;
  loading ??= import('@inference-infra/edge').then((module) => {
    edge = module;
  });
  return loading;
}

/** What a redactor not yet loaded does with a text: hides all of it rather than guess. */
const hideAll = <T>(value: T): T => (typeof value === 'string' && value !== '' ? '[redacted]' : value) as T;

/** The part of a redactor the client uses. */
export type KeyRedactor = Pick<Redactor, 'redact' | 'redactValue'>;

/**
 * The redactor of the client's key, or (`other`) of another secret, a token in a request's own headers; undefined
 * without a secret. Before `loadRedaction()` has resolved it hides every text whole: only a synchronous check at
 * `createClient`, in a process that has redacted nothing yet, gets here that early.
 */
export function redactorOf(secret: string | undefined, other = false): KeyRedactor | undefined {
  if (!secret) return undefined;
  if (!edge) return { redact: hideAll, redactValue: hideAll };
  return other ? edge.createRedactor(secret) : edge.redactorFor(secret);
}

/** `text` with the key redacted (unchanged without a key). */
export const redactKey = (text: string, key: string | undefined): string =>
  redactorOf(key)?.redact(text) ?? text;
