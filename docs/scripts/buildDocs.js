// Builds the API reference into dist/: the bundled spec with generated x-codeSamples, Scalar's prebuilt browser
// bundle, and the page that starts it. Everything the page loads is in dist/, so it works offline.
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { agentDocFiles } from '../src/agentDocs/agentDocFiles.js';
import { withAssumptionNotes } from '../src/assumptionNotes.js';
import { readGuides, withGuides } from '../src/guides/guides.js';
import { withCodeSamples } from '../src/samples/codeSamples.js';
import { scalarPage } from '../src/scalarPage.js';
import { withOperationServers } from '../src/scalarServers.js';
import { withSiteSections } from '../src/siteSections.js';

const distDir = fileURLToPath(new URL('../dist', import.meta.url));
const require = createRequire(import.meta.url);

// Through the spec package's exports map, so this build does not depend on where that package keeps its bundle.
const spec = JSON.parse(readFileSync(require.resolve('@inference-infra/spec/openapi.json'), 'utf8'));
const assumptions = readFileSync(require.resolve('@inference-infra/spec/ASSUMPTIONS.md'), 'utf8');
// The MCP server's README, from its package (a dev dependency, so turbo rebuilds the site when it changes).
const mcpReadme = readFileSync(
  join(dirname(require.resolve('@inference-infra/mcp-server/package.json')), 'README.md'),
  'utf8',
);
// The package's exports map has no entry for its browser bundle; its main entry sits in dist/ beside browser/.
const scalarBundle = join(dirname(require.resolve('@scalar/api-reference')), 'browser', 'standalone.js');

// A stale file from an earlier build would otherwise be served, and cached by turbo, as if it were current.
rmSync(distDir, { recursive: true, force: true });
mkdirSync(join(distDir, 'scalar'), { recursive: true });

// The task guides (docs/guides/) come first in the sidebar and in llms.txt, before the reference.
const built = withGuides(
  withSiteSections(withOperationServers(withCodeSamples(withAssumptionNotes(spec))), {
    assumptions,
    mcpReadme,
  }),
  readGuides(),
);
writeFileSync(join(distDir, 'openapi.json'), `${JSON.stringify(built, null, 2)}\n`);
// llms.txt, llms-full.txt and operations/<id>.md, from the document the page renders.
for (const [path, text] of agentDocFiles(built)) {
  mkdirSync(dirname(join(distDir, path)), { recursive: true });
  writeFileSync(join(distDir, path), text);
}
// The self-contained build (no chunks loaded later); its source map is left out, it is 17 MB.
copyFileSync(scalarBundle, join(distDir, 'scalar', 'standalone.js'));
writeFileSync(join(distDir, 'index.html'), scalarPage({ scriptPath: './scalar/standalone.js' }));
console.log(`Offline API reference written to ${distDir}`);
