import { cpus } from 'node:os';
import { parseArgs } from 'node:util';
import { markdownTable } from './rows.js';
import { runBenchmarks } from './runBenchmarks.js';

const { values } = parseArgs({
  options: { smoke: { type: 'boolean', default: false }, build: { type: 'boolean', default: false } },
});
const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}`;
console.log(`Benchmarks on ${machine}${values.smoke ? ' (smoke pass: figures are not meaningful)' : ''}\n`);
const rows = await runBenchmarks({ smoke: values.smoke, build: values.build });
console.log(markdownTable(rows));
