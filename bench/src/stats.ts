/** Median and interquartile spread of a sample: robust to the outliers a shared, noisy machine produces. */
export interface Summary {
  median: number;
  /** (p75 - p25) / median: the relative spread of the middle half. */
  spread: number;
  /** The samples in the order they were taken: round by round when the contenders were interleaved. */
  samples: number[];
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
  return {
    median,
    spread: median === 0 ? 0 : (quantile(sorted, 0.75) - quantile(sorted, 0.25)) / median,
    samples,
  };
}

/**
 * The ratio of a contender to the baseline, round by round: both ran in the same round, back to back, so a slow
 * spell of the shared machine weighs on both. The median of these paired ratios moves far less from run to run than
 * the ratio of two medians.
 */
export function pairedRatio(contender: Summary, baseline: Summary): Summary {
  const count = Math.min(contender.samples.length, baseline.samples.length);
  const ratios = Array.from(
    { length: count },
    (_, i) => (contender.samples[i] ?? Number.NaN) / (baseline.samples[i] ?? Number.NaN),
  );
  return summarize(ratios);
}

/** The median of `contender - baseline`, round by round (both measured in the same rounds): ms over bare node, say. */
export function pairedDifference(results: Map<string, Summary>, contender: string, baseline: string): number {
  const mine = results.get(contender)?.samples ?? [];
  const theirs = results.get(baseline)?.samples ?? [];
  return summarize(mine.map((value, i) => value - (theirs[i] ?? Number.NaN))).median;
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

/** Turns times per unit of work (ms) into rates (units per second): each sample, so paired ratios still pair up. */
export function asRate(times: Summary, unitsPerSample: number): Summary {
  return summarize(times.samples.map((ms) => unitsPerSample / (ms / 1000)));
}
