#!/usr/bin/env node
// The declaration files of a package built with tsup (`tsup --no-dts && node ../../scripts/bundleDeclarations.mjs`),
// run in the package's folder: for each build of its tsup.config.ts that has `dts`, the same files tsup's own `dts`
// writes (`[entry].d.ts` and `.d.cts`, shared chunks `[name]-[hash].d.ts`, every dependency an import), made in two
// steps. TypeScript 7 (tools/typecheck's tsc-native) emits every source file's declarations once, failing on a type
// error as tsup's did; rollup-plugin-dts bundles those per entry, parsing declaration files only. tsup's dts type-checked
// and emitted with TypeScript 5.9 inside rollup, once per build (the edge has four): about two thirds of each package's
// build. The builds of edge, types, react-hooks, fetch-client and query-core: 20.4, 17.5, 8.0, 15.0 and 17.2 CPU-s
// with tsup's dts; 5.1, 8.4, 4.6, 8.2 and 6.4 this way, and a run builds them twice (start.sh, the release rehearsal).
// The files are tsup's but for chunk hashes, quotes and how TypeScript 7 prints an inferred type (tools/typecheck's
// README lists what differs).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const packageDir = process.cwd();
const require = createRequire(join(packageDir, 'package.json'));
const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
if (manifest.type !== 'module') {
  throw new Error(
    `${manifest.name}: bundleDeclarations.mjs writes .d.ts for ESM and .d.cts for CommonJS, as for a "type": "module" package`,
  );
}

/** The package's tsup.config.ts, loaded as tsup loads it (bundle-require, tsup's own dependency). */
async function tsupConfigs() {
  const tsupDir = dirname(require.resolve('tsup/package.json'));
  const bundleRequirePath = createRequire(join(tsupDir, 'package.json')).resolve('bundle-require');
  const { bundleRequire } = await import(pathToFileURL(bundleRequirePath).href);
  const { mod } = await bundleRequire({ filepath: join(packageDir, 'tsup.config.ts') });
  const config = mod.default ?? mod;
  return [config].flat().filter((build) => build.dts);
}

/** Every source file's declarations, by TypeScript 7, into `into`: `src/a/b.ts` -> `into/a/b.d.ts`. */
function emitDeclarations(entries, into) {
  // In the package's node_modules/: a tsconfig finds the type packages (`types: ["node"]`) in the folders above it.
  const tsconfig = join(packageDir, 'node_modules/.cache/bundle-declarations/tsconfig.json');
  mkdirSync(dirname(tsconfig), { recursive: true });
  writeFileSync(
    tsconfig,
    JSON.stringify({
      extends: join(packageDir, 'tsconfig.json'),
      include: [],
      files: entries.map((file) => resolve(packageDir, file)),
      compilerOptions: {
        rootDir: join(packageDir, 'src'),
        outDir: into,
        noEmit: false,
        declaration: true,
        emitDeclarationOnly: true,
        declarationMap: false,
        sourceMap: false,
        noEmitOnError: true,
      },
    }),
  );
  const tscNative = require.resolve('@inference-infra/typecheck/tsc-native');
  const emit = spawnSync(process.execPath, [tscNative, '-p', tsconfig], { stdio: 'inherit' });
  if (emit.status !== 0)
    throw new Error(`the declarations did not build (tsc-native exit ${emit.status ?? emit.signal})`);
}

/** What tsup keeps out of a bundle: the package's dependencies and peers, and the build's own `external`. */
function externalOf(build) {
  const names = [
    ...Object.keys(manifest.dependencies ?? {}),
    ...Object.keys(manifest.peerDependencies ?? {}),
  ];
  return [...names.map((name) => new RegExp(`^${name}($|\\/|\\\\)`)), ...(build.external ?? [])];
}

const configs = await tsupConfigs();
if (configs.length === 0) process.exit(0);
// Not under node_modules/: rollup-plugin-dts keeps whatever resolves there out of the bundle, as a dependency's.
const emitted = mkdtempSync(join(tmpdir(), 'inference-infra-declarations-'));
const sources = configs.flatMap((build) => Object.values(build.entry));
emitDeclarations(sources, emitted);

const { rollup } = await import('rollup');
const { dts } = await import('rollup-plugin-dts');
const declarationOf = (source) =>
  join(emitted, relative(join(packageDir, 'src'), resolve(packageDir, source)).replace(/\.tsx?$/, '.d.ts'));
for (const build of configs) {
  const input = Object.fromEntries(
    Object.entries(build.entry).map(([name, source]) => [name, declarationOf(source)]),
  );
  for (const file of Object.values(input)) {
    if (!existsSync(file)) throw new Error(`no declarations were emitted for ${relative(packageDir, file)}`);
  }
  const bundle = await rollup({
    input,
    plugins: [dts()],
    external: externalOf(build),
    onwarn(warning, warn) {
      // As tsup's: an import left to the consumer's install, and cycles between a package's own modules, are fine.
      if (['UNRESOLVED_IMPORT', 'CIRCULAR_DEPENDENCY', 'EMPTY_BUNDLE'].includes(warning.code)) return;
      warn(warning);
    },
  });
  const formats = [build.format ?? ['cjs']].flat();
  for (const extension of formats.map((format) => (format === 'esm' ? '.d.ts' : '.d.cts'))) {
    await bundle.write({
      dir: join(packageDir, build.outDir ?? 'dist'),
      format: 'es',
      entryFileNames: `[name]${extension}`,
      // A chunk is named after its first module, here `buildClient.d.ts`: the name without the `.d` tsup's had.
      chunkFileNames: (chunk) => `${chunk.name.replace(/\.d$/, '')}-[hash]${extension}`,
    });
  }
  await bundle.close();
}
rmSync(emitted, { recursive: true, force: true });
