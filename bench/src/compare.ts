// pnpm bench:compare <git-ref>: this build of the fetch client against the build of <git-ref>, interleaved in one
// process, as ratios (this build / the ref). See README.md.
import { cpus } from 'node:os';
import { parseArgs } from 'node:util';
import type { OurClients } from './clients.js';
import { startFixture } from './fixture.js';
import { inProcessOverhead } from './inProcessOverhead.js';
import { concurrentThroughput, sequentialLatency } from './latency.js';
import { buildClient, checkOut, commitOf, loadBuild, repoRoot, snapshotOf } from './refBuild.js';
import { pct } from './rows.js';
import { pairedRatio, type Summary } from './stats.js';
import { streamingThroughput } from './streaming.js';
import { suiteSizes } from './suiteSizes.js';

interface ComparedRow {
  metric: string;
  mine: string;
  theirs: string;
  ratio: string;
  better: 'lower' | 'higher';
}

const perCall = (ms: number) => `${(ms * 1000).toFixed(1)} µs/call`;

/** One row per pair of contenders measured in the same rounds: `this build` and the ref. */
function compared(
  metric: string,
  results: Map<string, Summary>,
  mine: string,
  theirs: string,
  unit: (value: number) => string,
  better: ComparedRow['better'],
): ComparedRow {
  const a = results.get(mine);
  const b = results.get(theirs);
  if (!a || !b) throw new Error(`${metric}: no figures for ${mine} and ${theirs}`);
  const ratio = pairedRatio(a, b);
  return {
    metric,
    mine: unit(a.median),
    theirs: unit(b.median),
    ratio: `${ratio.median.toFixed(2)}x ${pct(ratio.spread)}`,
    better,
  };
}

async function compare(ref: string, smoke: boolean): Promise<ComparedRow[]> {
  const commit = commitOf(ref);
  const label = commit.startsWith(ref) ? ref : `${ref} (${commit.slice(0, 7)})`;
  console.log(`Building this working tree's fetch client, then ${label} in a temporary worktree...`);
  buildClient(repoRoot);
  const snapshot = snapshotOf(repoRoot);
  let checkout: ReturnType<typeof checkOut>;
  try {
    checkout = checkOut(commit);
  } catch (error) {
    snapshot.remove();
    throw error;
  }
  // An interrupted comparison leaves no worktree behind either.
  const interrupted = () => {
    checkout.remove();
    snapshot.remove();
    process.exit(130);
  };
  process.once('SIGINT', interrupted);
  try {
    const [mine, theirs] = await Promise.all([loadBuild(snapshot.dir), loadBuild(checkout.dir)]);
    const main: OurClients = { 'this build': mine.main, [label]: theirs.main };
    const entries: OurClients = { ...main, 'this build, core': mine.core, [`${label}, core`]: theirs.core };
    const sizes = suiteSizes(smoke);
    const only = { baselines: false };
    console.log('Measuring both builds, interleaved round by round...\n');
    const rows: ComparedRow[] = [];
    const inProcess = await inProcessOverhead(sizes.inProcess, entries, only);
    for (const [group, results] of Object.entries(inProcess)) {
      rows.push(
        compared(`in-process ${group}, main entry`, results, 'this build', label, perCall, 'lower'),
        compared(
          `in-process ${group}, core entry`,
          results,
          'this build, core',
          `${label}, core`,
          perCall,
          'lower',
        ),
      );
    }
    const fixture = await startFixture(sizes.chunkCount);
    try {
      const latency = await sequentialLatency(fixture, sizes.latency, main, only);
      for (const [group, results] of Object.entries(latency)) {
        rows.push(compared(`loopback sequential ${group}`, results, 'this build', label, perCall, 'lower'));
      }
      const concurrent = await concurrentThroughput(fixture, sizes.concurrency, main, only);
      rows.push(
        compared(
          'loopback POST embeddings, 16 in flight',
          concurrent,
          'this build',
          label,
          (v) => `${v.toFixed(0)} calls/s`,
          'higher',
        ),
      );
      const streaming = await streamingThroughput(fixture, sizes.streaming, sizes.chunkCount, main, only);
      rows.push(
        compared(
          `loopback streaming ${sizes.chunkCount} chunks`,
          streaming,
          'this build',
          label,
          (v) => `${(v / 1000).toFixed(0)}k chunks/s`,
          'higher',
        ),
      );
    } finally {
      fixture.stop();
    }
    return rows;
  } finally {
    process.off('SIGINT', interrupted);
    checkout.remove();
    snapshot.remove();
  }
}

function markdown(rows: ComparedRow[], ref: string): string {
  return [
    `| metric | this build | ${ref} | this / ${ref} (median of per-round ratios ± IQR/2) | better |`,
    '| --- | --- | --- | --- | --- |',
    ...rows.map((r) => `| ${r.metric} | ${r.mine} | ${r.theirs} | ${r.ratio} | ${r.better} |`),
  ].join('\n');
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { smoke: { type: 'boolean', default: false } },
});
const [ref] = positionals;
if (!ref || positionals.length > 1) {
  console.error('Usage: pnpm bench:compare <git-ref>   (a branch, a tag or a commit of this repository)');
  process.exit(2);
}
try {
  const rows = await compare(ref, values.smoke);
  const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}`;
  console.log(
    `bench:compare on ${machine}${values.smoke ? ' (smoke pass: figures are not meaningful)' : ''}\n`,
  );
  console.log(markdown(rows, ref));
} catch (error) {
  console.error(`bench:compare: ${(error as Error).message}`);
  process.exit(1);
}
