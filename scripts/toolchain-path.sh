# Sourced by the scripts that run the toolchain: the Node and pnpm that scripts/bootstrap.sh put into .tools/ come
# first on PATH (a Node of the machine's own is used when it is already as new as .node-version asks).
tools_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/.tools"
export PATH="$tools_root/node/node_modules/.bin:$tools_root/node_modules/.bin:$PATH"
# The official Node build trusts only its bundled CAs; the machine's store (as a distribution's Node uses) lets npm,
# pnpm and the tests reach the registry through a proxy that re-signs TLS. Turbo passes these through (turbo.json).
export NODE_USE_SYSTEM_CA=1
export TURBO_TELEMETRY_DISABLED=1 REDOCLY_TELEMETRY=off
unset tools_root
