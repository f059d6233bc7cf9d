import type { Sizes } from './latency.js';

/** How much each suite runs: many short rounds, so that a busy spell of a shared machine hits few pairs. */
export interface SuiteSizes {
  latency: Sizes;
  inProcess: Sizes;
  concurrency: Sizes;
  streaming: Sizes;
  /** Chunks in the streamed answer. */
  chunkCount: number;
}

export function suiteSizes(smoke: boolean): SuiteSizes {
  if (smoke) {
    const few = { rounds: 2, warmupRounds: 1, batch: 2 };
    return { latency: few, inProcess: few, concurrency: few, streaming: few, chunkCount: 200 };
  }
  return {
    latency: { rounds: 60, warmupRounds: 5, batch: 50 },
    // ~1 ms of calls per contender and round: each pair is measured within a few ms of each other.
    inProcess: { rounds: 300, warmupRounds: 30, batch: 50 },
    // One round: 16 workers, 10 calls each. At 25 rounds two identical clients came out up to 0.08 apart in their
    // ratio to raw fetch, more than the 0.03 the target allows; at 100, within 0.02 (measured, 4 runs each).
    concurrency: { rounds: 100, warmupRounds: 5, batch: 10 },
    streaming: { rounds: 15, warmupRounds: 2, batch: 1 },
    chunkCount: 20_000,
  };
}
