import {
  APIConnectionError,
  createClient,
  RateLimitError,
  StreamIdleTimeoutError,
} from '@inference-infra/fetch-client';

/**
 * The stream faults every surface holding a streamed chat meets, written once: query-core's session and streamed
 * query (chatStreamFaults.test.ts) and each framework's browser app (browserScenario.ts) run this table against the
 * run's simulator, whose `X-Simulate` directives (the mock-server README's fault table) make each fault.
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
  /** How the stream ends: the error's class (its `name` is what a page shows) and what its message must say. */
  error?: { class: abstract new (...args: never[]) => Error; name: string; message: RegExp };
}

// The bound is a few hundred ms so a test ends soon after the stall begins; the stall is the simulator's longest
// (ten minutes), so only the bound can end it. No pause between events but the fault's (`stream-drip-ms=0`, in place
// of the run's 200 ms), so a busy machine's scheduling is the only other silence the bound sees.
const idleBound = 400;

export const streamFaultScenarios: readonly StreamFaultScenario[] = [
  {
    title: 'a stream that stalls past the bound after 4 events',
    fault: 'stream-drip-ms=0;stream-stall-after=4;stream-stall-ms=600000',
    streamIdleTimeoutMs: idleBound,
    eventsKept: 4,
    error: {
      class: StreamIdleTimeoutError,
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
    error: { class: RateLimitError, name: 'RateLimitError', message: /./ },
  },
  {
    title: 'a frame that is not JSON after 3 events',
    fault: 'stream-drip-ms=0;stream-malformed-after=3',
    streamIdleTimeoutMs: idleBound,
    eventsKept: 3,
    error: { class: APIConnectionError, name: 'APIConnectionError', message: /./ },
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
 * The text of the events of the answer the simulator streams for `prompt` (all of them, or the first `count`),
 * read with a client of `apiKey` straight from the simulator, with no fault.
 */
export async function streamedText(
  baseUrl: string,
  apiKey: string,
  prompt: string,
  count: number | 'all',
): Promise<{ text: string; events: number }> {
  const client = createClient({ apiKey, baseUrl, headers: { 'x-simulate': 'stream-drip-ms=0' } });
  const stream = await client.chat.completions.create({
    model: 'llama-3.1-8b-instruct',
    messages: [{ role: 'user', content: prompt }],
    stream: true,
  });
  const deltas: string[] = [];
  for await (const chunk of stream) deltas.push(chunk.choices[0]?.delta.content ?? '');
  const kept = count === 'all' ? deltas : deltas.slice(0, count);
  return { text: kept.join(''), events: deltas.length };
}
