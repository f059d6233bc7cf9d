import { pairedRatio, type Summary, summarize } from './stats.js';

/** One line of a results table. */
export interface Row {
  metric: string;
  contender: string;
  value: string;
  spread: string;
  ratio: string;
  target: string;
  met: '' | 'yes' | 'NO';
}

export const pct = (spread: number) => `±${(spread * 50).toFixed(1)}%`;

/** The columns every row has: what was measured, its median and its spread. */
export function measured(metric: string, contender: string, summary: Summary, unit: (v: number) => string) {
  return { metric, contender, value: unit(summary.median), spread: pct(summary.spread) };
}

const meets = (value: number, target: number, atMost: boolean) =>
  (atMost ? value <= target : value >= target) ? ('yes' as const) : ('NO' as const);

export function ratioRows(
  metric: string,
  results: Map<string, Summary>,
  baseline: string,
  unit: (v: number) => string,
  targets: Record<string, { ratio: number; atMost: boolean }> = {},
): Row[] {
  const base = results.get(baseline);
  return [...results].map(([contender, summary]) => {
    const paired = base ? pairedRatio(summary, base) : undefined;
    const ratio = paired?.median ?? Number.NaN;
    const target = targets[contender];
    return {
      ...measured(metric, contender, summary, unit),
      ratio:
        contender === baseline
          ? '1.00x (baseline)'
          : `${ratio.toFixed(2)}x ${pct(paired?.spread ?? Number.NaN)}`,
      target: target ? `${target.atMost ? '<=' : '>='} ${target.ratio}x` : '',
      met: target ? meets(ratio, target.ratio, target.atMost) : '',
    };
  });
}

/** Rows judged against an absolute goal rather than a baseline (a start-up time, a per-call budget). */
export function absoluteRows(
  metric: string,
  results: Map<string, Summary>,
  unit: (v: number) => string,
  targets: Record<string, { value: number; atMost: boolean; unit: string }> = {},
): Row[] {
  return [...results].map(([contender, summary]) => {
    const target = targets[contender];
    return {
      ...measured(metric, contender, summary, unit),
      ratio: '',
      target: target ? `${target.atMost ? '<=' : '>='} ${unit(target.value)}` : '',
      met: target ? meets(summary.median, target.value, target.atMost) : '',
    };
  });
}

/**
 * A target stated against another contender of the same run (ours core against openapi-fetch bare, say): the median
 * of their per-round ratios, as the ratio column of the other rows.
 */
export function relativeRow(
  metric: string,
  results: Map<string, Summary>,
  contender: string,
  baseline: string,
  target: { ratio: number; atMost: boolean },
): Row {
  const mine = results.get(contender);
  const theirs = results.get(baseline);
  const paired = mine && theirs ? pairedRatio(mine, theirs) : summarize([Number.NaN]);
  return {
    metric,
    contender: `${contender} / ${baseline}`,
    value: `${paired.median.toFixed(2)}x`,
    spread: pct(paired.spread),
    ratio: '',
    target: `${target.atMost ? '<=' : '>='} ${target.ratio}x`,
    met: meets(paired.median, target.ratio, target.atMost),
  };
}

/**
 * How far `contender`'s ratio to `baseline` falls short of `reference`'s (ours against openapi-fetch bare, both in
 * ratio to raw fetch): the difference of the two ratios the rows above it show, met when it is at most `within`.
 */
export function gapRow(
  metric: string,
  results: Map<string, Summary>,
  contender: string,
  reference: string,
  baseline: string,
  within: number,
): Row {
  const base = results.get(baseline);
  const ratioOf = (name: string) => {
    const summary = results.get(name);
    return summary && base ? pairedRatio(summary, base).median : Number.NaN;
  };
  const gap = ratioOf(contender) - ratioOf(reference);
  return {
    metric,
    contender: `${contender} − ${reference}, each / ${baseline}`,
    value: `${gap >= 0 ? '+' : ''}${gap.toFixed(2)}`,
    spread: '',
    ratio: '',
    target: `>= -${within}`,
    met: meets(gap, -within, false),
  };
}

export function markdownTable(rows: Row[]): string {
  const header =
    '| metric | contender | median | spread (IQR/2) | vs baseline (median of per-round ratios ± IQR/2) | target | met | node |\n| --- | --- | --- | --- | --- | --- | --- | --- |';
  return [
    header,
    ...rows.map(
      (r) =>
        `| ${r.metric} | ${r.contender} | ${r.value} | ${r.spread} | ${r.ratio} | ${r.target} | ${r.met} | ${process.version} |`,
    ),
  ].join('\n');
}
