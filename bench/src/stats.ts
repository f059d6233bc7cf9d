/** Median and interquartile spread of a sample: robust to the outliers a shared, noisy machine produces. */
export interface Summary {
  median: number;
  /** (p75 - p25) / median: the relative spread of the middle half. */
  spread: number;
}

function quantile(sorted: number[], q: number): number {
  const position = (sorted.length - 1) * q;
  const low = Math.floor(position);
  const high = Math.ceil(position);
  return (sorted[low] ?? 0) + ((sorted[high] ?? 0) - (sorted[low] ?? 0)) * (position - low);
}

export function summarize(samples: number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  const median = quantile(sorted, 0.5);
  return { median, spread: median === 0 ? 0 : (quantile(sorted, 0.75) - quantile(sorted, 0.25)) / median };
}

export interface Contender {
  name: string;
  /** Runs one unit of work (one call, one stream, one batch). */
  run: () => Promise<unknown>;
}

/**
 * Runs the contenders side by side: after warm-up rounds, each round runs every contender once, in an order that
 * rotates, so drift of the machine (other load, heat, GC) hits all of them alike. Returns ms per unit of work.
 */
export async function interleaved(
  contenders: Contender[],
  { rounds, warmupRounds, batch }: { rounds: number; warmupRounds: number; batch: number },
): Promise<Map<string, Summary>> {
  const samples = new Map<string, number[]>(contenders.map((c) => [c.name, []]));
  for (let round = 0; round < warmupRounds + rounds; round++) {
    for (let i = 0; i < contenders.length; i++) {
      const contender = contenders[(i + round) % contenders.length] as Contender;
      const started = performance.now();
      for (let n = 0; n < batch; n++) await contender.run();
      const perUnit = (performance.now() - started) / batch;
      if (round >= warmupRounds) samples.get(contender.name)?.push(perUnit);
    }
  }
  return new Map([...samples].map(([name, values]) => [name, summarize(values)]));
}
