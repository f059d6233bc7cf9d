#!/usr/bin/env bash
# Release step 2 of 2: build, check and publish every public package under @inference-infra with `changeset publish`
# (pnpm publish of each package whose version the registry does not hold yet, then a git tag for each).
# The registry is npm's unless npm_config_registry names another: the release check publishes into a local one.
# --dry-run: what would be published, with pnpm's own dry run (changeset publish has none).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/toolchain-path.sh
# What is published and what it is built from (the spec, the edge): not the docs site or the playground, which CI
# builds and no package ships.
pnpm exec turbo run build --filter='./packages/*'
# Every package's test:exports (publint and attw on the tarball as published), all packed by one pnpm.
node scripts/testExports.mjs --workspace
if [[ "${1:-}" == "--dry-run" ]]; then
  pnpm -r --filter './packages/*' publish --access public --no-git-checks --dry-run
else
  pnpm exec changeset publish "$@"
fi
