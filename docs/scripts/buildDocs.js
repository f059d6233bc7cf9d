// Builds dist/index.html, the API reference, from the bundled spec of @inference-infra/spec.
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { localizeRedocAssets } from '../src/localizeRedocAssets.js';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const outputPath = fileURLToPath(new URL('../dist/index.html', import.meta.url));
const require = createRequire(import.meta.url);

// Through the spec package's exports map, so this build does not depend on where that package keeps its bundle.
const specPath = require.resolve('@inference-infra/spec/openapi.json');
const redoclyCli = require.resolve('@redocly/cli/bin/cli.js');

// A stale file from an earlier build would otherwise be served, and cached by turbo, as if it were current.
rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });

execFileSync(
  process.execPath,
  [
    redoclyCli,
    'build-docs',
    specPath,
    '--output',
    outputPath,
    '--template',
    'template.hbs',
    // redocly.yaml turns telemetry off, for the CLI and for the page it writes.
    '--config',
    'redocly.yaml',
    // Without it the page imports Redoc from cdn.redocly.com. With it the CLI embeds its own copy of that bundle,
    // the very version its server-side render was made with, so the page hydrates offline and version-matched.
    '--inlineBundle',
  ],
  {
    cwd: packageDir,
    stdio: 'inherit',
    // The update notice looks up the latest CLI version online; a build should not reach past the package registry.
    env: { ...process.env, REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  },
);

writeFileSync(outputPath, localizeRedocAssets(readFileSync(outputPath, 'utf8')));
console.log(`Offline API reference written to ${outputPath}`);
