#!/usr/bin/env node
// The one way @inference-infra/edge reaches a published package, whatever builds it (tsc or tsup): the edge is private
// (never published), so its build goes into the package's own dist/edge/, and every import of it in dist/ is pointed
// there, each file at the edge's file of its own format (`.js`/`.d.ts` at the ESM build, `.cjs`/`.d.cts` at the
// CommonJS one). A package then installs by name with nothing missing, and a bundler or Node loads the edge as any
// other file of the package. The CommonJS build is copied only into a package that ships CommonJS itself.
// Run in the package's folder, as the last step of its build.
import { cpSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const edgeDist = fileURLToPath(new URL('../packages/edge/dist', import.meta.url));
const dist = join(process.cwd(), 'dist');
const vendored = join(dist, 'edge');

const entries = {
  '@inference-infra/edge': 'index',
  '@inference-infra/edge/node': 'node',
  '@inference-infra/edge/otel': 'otel',
  '@inference-infra/edge/otel-registry': 'otelRegistry',
};
const specifier = /(["'])(@inference-infra\/edge(?:\/node|\/otel|\/otel-registry)?)\1/g;
/** The edge's file extension for a file of dist/ of this format. */
const formatOf = (file) => (/\.c[jt]s$/.test(file) ? '.cjs' : '.js');

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory() && path !== vendored) yield* files(path);
    else if (/\.(js|d\.ts|cjs|d\.cts)$/.test(entry.name)) yield path;
  }
}

const built = [...files(dist)];
const shipsCommonJs = built.some((file) => formatOf(file) === '.cjs');
cpSync(edgeDist, vendored, {
  recursive: true,
  filter: (source) => shipsCommonJs || !/\.(cjs|d\.cts)$/.test(source),
});

let rewritten = 0;
for (const file of built) {
  const text = readFileSync(file, 'utf8');
  if (!text.includes('@inference-infra/edge')) continue;
  const next = text.replace(specifier, (_, quote, name) => {
    const target = join(vendored, entries[name] + formatOf(file));
    let path = relative(dirname(file), target).replaceAll('\\', '/');
    if (!path.startsWith('.')) path = `./${path}`;
    return `${quote}${path}${quote}`;
  });
  if (next.includes('@inference-infra/edge')) {
    console.error(
      `vendorEdge: ${file} names @inference-infra/edge in a way this script cannot point at dist/edge/`,
    );
    process.exit(1);
  }
  writeFileSync(file, next);
  rewritten += 1;
}
console.log(
  `vendorEdge: dist/edge/ copied (${shipsCommonJs ? 'ESM and CommonJS' : 'ESM'}), ${rewritten} files of dist/ pointed at it`,
);
