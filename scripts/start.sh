#!/usr/bin/env bash
# The main job: install, build everything from the spec, then serve the mock API (both base addresses) and the docs.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/bootstrap.sh
source scripts/toolchain-path.sh
exec pnpm start
