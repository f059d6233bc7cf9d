#!/usr/bin/env bash
# Installs what the project needs on a fresh machine: a current LTS Node when the machine's is older than the one in
# .node-version, and pnpm (corepack cannot verify signatures against this registry), both from the npm
# registry into .tools/ (nothing outside the clone is changed), then the lockfile, frozen.
set -euo pipefail
cd "$(dirname "$0")/.."

# The machine's own Node is judged, never the one this script put into .tools/ on an earlier run.
PATH=$(printf '%s' "$PATH" | tr ':' '\n' | grep -vxF "$PWD/.tools/node/node_modules/.bin" | paste -sd: -)
node_version=$(tr -d '[:space:]' < .node-version)
# Older means below the whole pinned version, not only its major: tools ask for minors (Prism 5.16 for 24.18).
machine_is_older=$(node -p "const [a, b] = ['$node_version', process.versions.node].map((v) => v.split('.').map(Number));
  (a[0] - b[0] || a[1] - b[1] || a[2] - b[2]) > 0 ? 'yes' : 'no'")
node_dir="$PWD/.tools/node"
if [ "$machine_is_older" = yes ]; then
  # The official build, as the npm registry carries it: node-<platform>-<arch> holds bin/node and nothing else.
  package="node-$(node -p 'process.platform === "win32" ? "win" : process.platform')-$(node -p 'process.arch')"
  if [ ! -x "$node_dir/node_modules/.bin/node" ] || [ "$("$node_dir/node_modules/.bin/node" --version)" != "v$node_version" ]; then
    echo "Node $(node --version) is older than $node_version: installing $package@$node_version into .tools/node ..."
    rm -rf "$node_dir"
    mkdir -p "$node_dir"
    npm install --prefix "$node_dir" --no-save --no-package-lock --no-audit --no-fund --loglevel=error \
      "$package@$node_version"
  fi
else
  rm -rf "$node_dir"
fi
# shellcheck source=scripts/toolchain-path.sh
source scripts/toolchain-path.sh

pnpm_version=$(node -p "require('./package.json').packageManager.split('@')[1]")
pnpm_bin="$PWD/.tools/node_modules/.bin/pnpm"
# The installed version from its package.json: `pnpm --version` loads pnpm's whole 15 MB bundle (about 2 s of CPU).
installed_pnpm() {
  node -p "try { require('./.tools/node_modules/pnpm/package.json').version } catch { '' }"
}
if [ ! -x "$pnpm_bin" ] || [ "$(installed_pnpm)" != "$pnpm_version" ]; then
  echo "Installing pnpm $pnpm_version into .tools/ ..."
  mkdir -p .tools
  npm install --prefix .tools --no-save --no-package-lock --no-audit --no-fund --loglevel=error "pnpm@$pnpm_version"
fi
echo "Toolchain: Node $(node --version), pnpm $(installed_pnpm)"

pnpm install --frozen-lockfile
