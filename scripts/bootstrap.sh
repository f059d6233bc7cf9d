#!/usr/bin/env bash
# Installs what the project needs on a fresh machine of this kind: Node 20 and npm, no pnpm, and a corepack that
# cannot verify signatures against this registry. So pnpm comes from npm, pinned to the version in package.json,
# into .tools/ (not global: nothing outside the clone is changed), and the lockfile is installed frozen.
set -euo pipefail
cd "$(dirname "$0")/.."

pnpm_version=$(node -p "require('./package.json').packageManager.split('@')[1]")
pnpm_bin="$PWD/.tools/node_modules/.bin/pnpm"
if [ ! -x "$pnpm_bin" ] || [ "$("$pnpm_bin" --version)" != "$pnpm_version" ]; then
  echo "Installing pnpm $pnpm_version into .tools/ ..."
  mkdir -p .tools
  npm install --prefix .tools --no-save --no-package-lock --no-audit --no-fund --loglevel=error "pnpm@$pnpm_version"
fi
export PATH="$PWD/.tools/node_modules/.bin:$PATH"

pnpm install --frozen-lockfile
