#!/usr/bin/env bash
# Release step 2 of 2: build, check and publish every public package to npm under @inference-infra.
# Pass --dry-run to see what would be published without writing to the registry.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/.tools/node_modules/.bin:$PATH" TURBO_TELEMETRY_DISABLED=1
pnpm exec turbo run build test:exports
pnpm -r --filter './packages/*' publish --access public --no-git-checks "$@"
