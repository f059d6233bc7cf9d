#!/usr/bin/env bash
# The whole suite: install, then lint, type-check, build and test every package from the spec.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/bootstrap.sh
bash scripts/ensure-chromium.sh
# The release check's runtime matrix: Node 20, 22 and 24, Bun, Deno and workerd, each from its npm package.
bash release-check/scripts/install-runtimes.sh
source scripts/toolchain-path.sh
rm -f packages/*/test-artifacts/vitest.json tools/*/test-artifacts/vitest.json spec/test-artifacts/vitest.json docs/test-artifacts/vitest.json
status=0
pnpm check || status=$?
# Where the time went (the slowest files, each workspace's share), before the closing counts: never fails the run.
node scripts/testTimes.mjs || true
node scripts/summarizeTests.mjs || status=$?
exit "$status"
