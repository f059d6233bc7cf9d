#!/usr/bin/env node
// The last step of the build of each published package that compiles with tsc: @inference-infra/edge is private
// (never published), so its build goes into the package's own dist/edge/, and every import of it in dist/ is pointed
// there. A package then installs by name with nothing missing. Run in the package's folder, after tsc.
import { cpSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const edgeDist = fileURLToPath(new URL('../packages/edge/dist', import.meta.url));
const dist = join(process.cwd(), 'dist');
const vendored = join(dist, 'edge');
cpSync(edgeDist, vendored, { recursive: true });

const entries = {
  '@inference-infra/edge': 'index.js',
  '@inference-infra/edge/node': 'node.js',
  '@inference-infra/edge/otel': 'otel.js',
  '@inference-infra/edge/otel-registry': 'otelRegistry.js',
};
const specifier = /(["'])(@inference-infra\/edge(?:\/node|\/otel|\/otel-registry)?)\1/g;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory() && path !== vendored) yield* files(path);
    else if (/\.(js|d\.ts|cjs|d\.cts)$/.test(entry.name)) yield path;
  }
}

let rewritten = 0;
for (const file of files(dist)) {
  const text = readFileSync(file, 'utf8');
  if (!text.includes('@inference-infra/edge')) continue;
  const next = text.replace(specifier, (_, quote, name) => {
    let path = relative(dirname(file), join(vendored, entries[name])).replaceAll('\\', '/');
    if (!path.startsWith('.')) path = `./${path}`;
    return `${quote}${path}${quote}`;
  });
  if (next.includes('@inference-infra/edge')) {
    console.error(`vendorEdge: ${file} names @inference-infra/edge in a way this script cannot point at dist/edge/`);
    process.exit(1);
  }
  writeFileSync(file, next);
  rewritten += 1;
}
console.log(`vendorEdge: dist/edge/ copied, ${rewritten} files of dist/ pointed at it`);
