#!/usr/bin/env bash
# The main job: install, build everything from the spec, then serve the mock API (both base addresses) and the docs.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/bootstrap.sh
export PATH="$PWD/.tools/node_modules/.bin:$PATH" TURBO_TELEMETRY_DISABLED=1 REDOCLY_TELEMETRY=off
exec pnpm start
