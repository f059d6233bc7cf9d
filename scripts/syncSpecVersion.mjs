// Part of the release step, after `changeset version`: the spec's info.version follows the types package, whose
// version names the API shapes it was generated from. Never edited by hand; spec/test/version.test.ts checks it.
import { readFileSync, writeFileSync } from 'node:fs';

// The repo root, or another checkout given as the first argument (the release check runs it on a copy).
const root = process.argv[2]
  ? new URL(`file://${process.argv[2].replace(/\/?$/, '/')}`)
  : new URL('..', import.meta.url);
const { version } = JSON.parse(readFileSync(new URL('packages/types/package.json', root), 'utf8'));
const specUrl = new URL('spec/openapi.yaml', root);
const spec = readFileSync(specUrl, 'utf8');
const updated = spec.replace(/^(info:\n(?:[ ]{2}.*\n)*?[ ]{2}version:[ ]*).*$/m, `$1${version}`);
if (updated === spec && !new RegExp(`^  version: ${version.replace(/\./g, '\\.')}$`, 'm').test(spec)) {
  console.error('spec/openapi.yaml: could not find info.version to update');
  process.exit(1);
}
writeFileSync(specUrl, updated);
console.log(`spec info.version = ${version}`);
