// `pnpm generate`: rewrites every *.gen.ts of the toolkit (this package's and the fetch client's) from the bundled
// spec, and copies the bundle into dist/.
import { mkdirSync, writeFileSync } from 'node:fs';
import { generatedFiles } from './generatedFiles.js';
import { copySpecBundle, readSpecBundle } from './specBundle.js';

const packageUrl = new URL('../', import.meta.url);

const bundle = readSpecBundle();
for (const file of await generatedFiles(bundle)) {
  const target = new URL(file.path, packageUrl);
  mkdirSync(new URL('./', target), { recursive: true });
  writeFileSync(target, file.contents);
  console.log(`wrote ${file.path}`);
}
copySpecBundle(packageUrl);
console.log(
  `copied the spec bundle (sha256 ${bundle.sha256.slice(0, 12)}…) to dist/openapi.json and dist/openapi.yaml`,
);
