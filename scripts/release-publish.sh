#!/usr/bin/env bash
# Release step 2 of 2: build, check and publish every public package to npm under @inference-infra.
# Pass --dry-run to see what would be published without writing to the registry.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/toolchain-path.sh
pnpm exec turbo run build test:exports
pnpm -r --filter './packages/*' publish --access public --no-git-checks "$@"
