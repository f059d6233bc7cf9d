// Part of the release step, after `changeset version`: each example under examples/ (a project a user copies whole,
// installed with npm, not a workspace package) depends on our packages by caret range of their current version, so
// that a copied example installs the release it sits beside. tools/examples-check fails when a range does not admit
// the workspace's version. Only the ranges change: each file keeps its own formatting.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// The repo root, or another checkout given as the first argument (the examples check runs it on a copy).
const root = process.argv[2] ?? fileURLToPath(new URL('..', import.meta.url));
const sections = ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'];

/** Our packages by name, at their versions in packages/*. */
const versions = new Map();
for (const folder of readdirSync(join(root, 'packages'))) {
  const manifestPath = join(root, 'packages', folder, 'package.json');
  if (!existsSync(manifestPath)) continue;
  const { name, version } = JSON.parse(readFileSync(manifestPath, 'utf8'));
  versions.set(name, version);
}

const escaped = (text) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

let failed = false;
for (const folder of readdirSync(join(root, 'examples')).sort()) {
  const manifestPath = join(root, 'examples', folder, 'package.json');
  if (!existsSync(manifestPath)) continue;
  let text = readFileSync(manifestPath, 'utf8');
  const manifest = JSON.parse(text);
  const changed = [];
  for (const section of sections) {
    for (const [name, range] of Object.entries(manifest[section] ?? {})) {
      // A workspace package (the playground) links ours and has nothing to keep in step.
      if (!name.startsWith('@inference-infra/') || String(range).startsWith('workspace:')) continue;
      const version = versions.get(name);
      if (!version) {
        console.error(`examples/${folder}/package.json: ${section}.${name} is no package under packages/`);
        failed = true;
        continue;
      }
      const wanted = `^${version}`;
      if (range === wanted) continue;
      const entry = new RegExp(`("${escaped(name)}"\\s*:\\s*)"${escaped(String(range))}"`);
      text = text.replace(entry, `$1"${wanted}"`);
      changed.push(`${name} ${range} -> ${wanted}`);
    }
  }
  if (changed.length > 0) {
    writeFileSync(manifestPath, text);
    console.log(`examples/${folder}: ${changed.join(', ')}`);
  }
}
if (failed) process.exit(1);
