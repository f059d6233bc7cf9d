import { gzipSync } from 'node:zlib';
import { build } from '/work/main/tools/test-kit/node_modules/esbuild/lib/main.js';

const r = await build({
  stdin: {
    contents: `import { createClient } from './src/core.ts';
const client = createClient({ apiKey: 'ii_live_x', baseUrl: 'https://api.example.test/v1' });
client.embeddings.create({ model: 'm', input: 'hello' }).then(console.log);`,
    resolveDir: process.cwd(),
    loader: 'tsx',
  },
  bundle: true,
  minify: true,
  splitting: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  outdir: '/tmp/bsrc',
  write: true,
  metafile: true,
  logLevel: 'silent',
});
const fs = await import('node:fs');
let total = 0;
for (const [k, o] of Object.entries(r.metafile.outputs)) {
  const buf = fs.readFileSync(k);
  const gz = gzipSync(buf, { level: 9 }).length;
  if (!k.includes('eventStream')) total += gz;
  console.log(k, buf.length, gz);
  for (const [i, v] of Object.entries(o.inputs).sort((a, b) => b[1].bytesInOutput - a[1].bytesInOutput))
    console.log('  ', v.bytesInOutput, i);
}
console.log('TOTAL (no eventStream)', total);
