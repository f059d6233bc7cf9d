/**
 * The stream faults every surface holding a streamed chat meets, written once: query-core's session and streamed
 * query, each framework's browser app (Vue, Svelte, Solid, Angular) and the React hook run this table against their
 * run's simulator, whose `X-Simulate` directives (the mock-server README's fault table) make each fault. Errors are
 * named as the client's classes name themselves (`error.name`, which a page shows): each test finds the class by it.
 */
export interface StreamFaultScenario {
  title: string;
  /** The `X-Simulate` header of the request. */
  fault: string;
  /** The client's bound on the silence between two chunks, in ms. */
  streamIdleTimeoutMs: number;
  /** How many events of the answer arrive before the fault: the text they hold is kept. `'all'`: the whole answer. */
  eventsKept: number | 'all';
  /** The pause between two events the fault asks for, in ms, when it is not 0. */
  dripMs?: number;
  /** How the stream ends when it fails: the error's class name and what its message must say. */
  error?: { name: string; message: RegExp };
}

// The bound is a few hundred ms so a test ends soon after the stall begins; the stall is the simulator's longest
// (ten minutes), so only the bound can end it. No pause between events but the fault's (`stream-drip-ms=0`, in place
// of the run's own interval), so a busy machine's scheduling is the only other silence the bound sees.
const idleBound = 400;

export const streamFaultScenarios: readonly StreamFaultScenario[] = [
  {
    title: 'a stream that stalls past the bound after 4 events',
    fault: 'stream-drip-ms=0;stream-stall-after=4;stream-stall-ms=600000',
    streamIdleTimeoutMs: idleBound,
    eventsKept: 4,
    error: {
      name: 'StreamIdleTimeoutError',
      message: new RegExp(`over ${idleBound} ms \\(streamIdleTimeoutMs\\) after 4 chunks`),
    },
  },
  {
    // A 429, not the default 500: the class comes from the status the event's ErrorResponse names.
    title: "the spec's error event of a 429 after 4 events",
    fault: 'stream-drip-ms=0;stream-error-after=4;stream-error-status=429',
    streamIdleTimeoutMs: idleBound,
    eventsKept: 4,
    error: { name: 'RateLimitError', message: /./ },
  },
  {
    title: 'a frame that is not JSON after 3 events',
    fault: 'stream-drip-ms=0;stream-malformed-after=3',
    streamIdleTimeoutMs: idleBound,
    eventsKept: 3,
    error: { name: 'APIConnectionError', message: /./ },
  },
  {
    // Each pause an eighth of the bound, the whole answer several bounds long (each test checks it of its prompt):
    // the bound is on the silence between two chunks, never on the stream.
    title: 'a stream that drips, each pause well within the bound',
    fault: 'stream-drip-ms=100',
    dripMs: 100,
    streamIdleTimeoutMs: 800,
    eventsKept: 'all',
  },
];

/** The prompt of the answers: long enough that a dripped answer lasts several bounds. */
export const faultPrompt = 'Tell me about GPUs, at length.';

/**
 * The class a scenario's error names, in the client module a test imports (`import * as fetchClient`), so the test
 * checks `instanceof` too; fails, naming it, when the module exports no such class. (The kit depends on no client.)
 */
export function errorClassIn(module: object, name: string): abstract new (...args: never[]) => Error {
  const found = (module as Record<string, unknown>)[name];
  if (typeof found !== 'function') throw new Error(`the client module exports no error class ${name}`);
  return found as abstract new (
    ...args: never[]
  ) => Error;
}
