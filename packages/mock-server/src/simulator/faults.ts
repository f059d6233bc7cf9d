/** What `X-Simulate` (or a fault rule) asks the simulator to do to one answer. */
export interface Fault {
  /** Answer this failure status instead (400 to 599) with the spec's error body; nothing changes state. */
  status?: number;
  /** `Retry-After` in whole seconds on that failure (a 429 gets 1 when not given). */
  retryAfter?: number;
  /** Wait this long before answering, in milliseconds. */
  delayMs?: number;
  /** End a streamed answer abruptly after this many events, without `[DONE]`. */
  streamCutAfter?: number;
  /** Pause a streamed answer after this many events, for `streamStallMs`. */
  streamStallAfter?: number;
  /** How long that pause lasts (default 120 000 ms, twice the fetch client's default `streamIdleTimeoutMs`). */
  streamStallMs?: number;
  /** The pause between a streamed answer's events, in milliseconds. */
  streamDripMs?: number;
  /** Send the spec's error event after this many events, then end without `[DONE]`. */
  streamErrorAfter?: number;
  /** The failure status that error event stands for (default 500). */
  streamErrorStatus?: number;
  /** Send a frame that is not JSON after this many events, then end. */
  streamMalformedAfter?: number;
}

/** The request header that asks for a fault, e.g. `X-Simulate: status=429;retry-after=1`. */
export const simulateHeader = 'x-simulate';

const fields: Record<string, { key: keyof Fault; min: number; max: number }> = {
  status: { key: 'status', min: 400, max: 599 },
  'retry-after': { key: 'retryAfter', min: 0, max: 3600 },
  'delay-ms': { key: 'delayMs', min: 0, max: 60_000 },
  'stream-cut-after': { key: 'streamCutAfter', min: 0, max: 10_000 },
  'stream-stall-after': { key: 'streamStallAfter', min: 0, max: 10_000 },
  // Bounded so a forgotten stall ends by itself: ten minutes outlasts any client's idle bound worth testing.
  'stream-stall-ms': { key: 'streamStallMs', min: 0, max: 600_000 },
  'stream-drip-ms': { key: 'streamDripMs', min: 0, max: 60_000 },
  'stream-error-after': { key: 'streamErrorAfter', min: 0, max: 10_000 },
  'stream-error-status': { key: 'streamErrorStatus', min: 400, max: 599 },
  'stream-malformed-after': { key: 'streamMalformedAfter', min: 0, max: 10_000 },
};

export class FaultSyntaxError extends Error {
  override name = 'FaultSyntaxError';
}

/**
 * Reads `status=429;retry-after=1` (parts split by `;` or `,`). Throws a `FaultSyntaxError` naming the part and the
 * rule, so a typo in a test's header is a clear 400 rather than a fault silently not happening.
 */
export function parseFault(text: string): Fault {
  const fault: Fault = {};
  for (const part of text.split(/[;,]/)) {
    const trimmed = part.trim();
    if (trimmed === '') continue;
    const [name = '', value = '', ...rest] = trimmed.split('=').map((token) => token.trim());
    const field = fields[name.toLowerCase()];
    if (!field) {
      throw new FaultSyntaxError(
        `X-Simulate: "${name}" is not a fault (known: ${Object.keys(fields).join(', ')}; e.g. status=429;retry-after=1)`,
      );
    }
    const number = Number(value);
    if (rest.length > 0 || !/^\d+$/.test(value) || number < field.min || number > field.max) {
      throw new FaultSyntaxError(
        `X-Simulate: ${name} must be a whole number from ${field.min} to ${field.max} (got "${trimmed.slice(name.length + 1)}")`,
      );
    }
    fault[field.key] = number;
  }
  return fault;
}

/** A fault applied to the requests it matches, without a header: for whole scenarios and for clients you cannot change. */
export interface FaultRule {
  /** Only requests of this operation (all when absent). */
  operationId?: string;
  /** Only requests whose query has these values, e.g. `{ offset: '100' }`. */
  query?: Record<string, string>;
  /** Only every n-th matching request (the n-th, 2n-th, ...); every one when absent. */
  every?: number;
  /** Only the first `times` matching requests (after `every`); unlimited when absent. */
  times?: number;
  /** The fault, in the header's syntax: `status=500`, `delay-ms=300`, `stream-cut-after=3`, `stream-stall-after=2`. */
  simulate: string;
}

/** Named sets of rules, for `--scenario` and the `scenario` option. */
export const scenarios = {
  /** Every other request is a 429 with `Retry-After: 1`: a client that waits as told gets through. */
  'rate-limited': [{ every: 2, simulate: 'status=429;retry-after=1' }],
  /** Every third request fails with 500. */
  flaky: [{ every: 3, simulate: 'status=500' }],
  /** Every answer takes 1.5 s. */
  slow: [{ simulate: 'delay-ms=1500' }],
  /** Every streamed chat is cut after three events, without `[DONE]`. */
  'cut-streams': [{ operationId: 'createChatCompletion', simulate: 'stream-cut-after=3' }],
  /** Every streamed chat falls silent after three events for two minutes, then goes on. */
  'stalled-streams': [{ operationId: 'createChatCompletion', simulate: 'stream-stall-after=3' }],
  /** Every streamed chat fails after three events with the spec's error event (a 500), without `[DONE]`. */
  'failing-streams': [{ operationId: 'createChatCompletion', simulate: 'stream-error-after=3' }],
} satisfies Record<string, FaultRule[]>;

export type ScenarioName = keyof typeof scenarios;

interface CompiledRule {
  rule: FaultRule;
  fault: Fault;
  seen: number;
  applied: number;
}

/** The rules with their counters: which of them applies to the next request. */
export function compileFaultRules(rules: readonly FaultRule[]) {
  const compiled: CompiledRule[] = rules.map((rule, index) => {
    try {
      return { rule, fault: parseFault(rule.simulate), seen: 0, applied: 0 };
    } catch (error) {
      throw new FaultSyntaxError(
        `faults[${index}].simulate: ${(error as Error).message.replace(/^X-Simulate: /, '')}`,
      );
    }
  });
  return {
    /** The fault of the first rule that applies to this request, counting it. */
    faultFor(operationId: string, query: URLSearchParams): Fault | undefined {
      for (const entry of compiled) {
        const { rule } = entry;
        if (rule.operationId !== undefined && rule.operationId !== operationId) continue;
        if (rule.query && Object.entries(rule.query).some(([name, value]) => query.get(name) !== value))
          continue;
        entry.seen += 1;
        if (rule.every !== undefined && entry.seen % rule.every !== 0) continue;
        if (rule.times !== undefined && entry.applied >= rule.times) continue;
        entry.applied += 1;
        return entry.fault;
      }
      return undefined;
    },
  };
}
