#!/usr/bin/env bash
# The main job: install, build everything from the spec, then serve the mock API (both base addresses), the docs and
# the playground, and print where they are. Ports as options or environment variables: bash scripts/start.sh --help
set -euo pipefail
cd "$(dirname "$0")/.."
exec node scripts/start.mjs "$@"
