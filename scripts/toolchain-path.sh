# Sourced by the scripts that run the toolchain: the Node and pnpm that scripts/bootstrap.sh put into .tools/ come
# first on PATH (a Node of the machine's own is used when it is already as new as .node-version asks).
tools_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/.tools"
export PATH="$tools_root/node/node_modules/.bin:$tools_root/node_modules/.bin:$PATH"
export TURBO_TELEMETRY_DISABLED=1 REDOCLY_TELEMETRY=off
unset tools_root
