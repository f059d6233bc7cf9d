#!/usr/bin/env bash
# Release step 1 of 2: turn pending changesets into versions and changelogs, keep the spec's info.version in step
# with the types package and the examples' ranges of our packages with the new versions, and record the spec of this
# release for the compatibility gate. Commit the result.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/toolchain-path.sh
pnpm exec changeset version
node scripts/syncSpecVersion.mjs
node scripts/syncExampleVersions.mjs
pnpm install --lockfile-only
pnpm exec turbo run build --filter @inference-infra/spec
cp spec/dist/openapi.json spec/released/openapi.json
echo "Versions, changelogs, spec info.version and spec/released/openapi.json updated: review and commit."
