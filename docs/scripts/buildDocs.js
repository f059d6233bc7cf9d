// Builds dist/index.html, the API reference, from the bundled spec of @inference-infra/spec.
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(import.meta.url);

// Through the spec package's exports map, so this build does not depend on where that package keeps its bundle.
const specPath = require.resolve('@inference-infra/spec/openapi.json');
const redoclyCli = require.resolve('@redocly/cli/bin/cli.js');

// A stale file from an earlier build would otherwise be served and cached by turbo as if it were current.
rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });

execFileSync(
  process.execPath,
  [
    redoclyCli,
    'build-docs',
    specPath,
    '--output',
    'dist/index.html',
    '--config',
    'redocly.yaml',
    // Without it the page imports Redoc from cdn.redocly.com; with it the CLI embeds its own copy of that exact
    // bundle (the version its server-side render was made with), so the site works offline and from 127.0.0.1.
    '--inlineBundle',
  ],
  {
    cwd: packageDir,
    stdio: 'inherit',
    // The update notice may look up the latest CLI version online; a build must not reach past the registry.
    env: { ...process.env, REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  },
);
