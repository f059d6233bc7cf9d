#!/usr/bin/env bash
# Browser tests drive Debian's Chromium through playwright-core; no tool may download a browser of its own.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" != 0 ]; then
  echo "Browser tests need /usr/bin/chromium: run 'apt-get update && apt-get install -y chromium' as root." >&2
  exit 1
fi
echo "Installing Debian's chromium for the browser tests ..."
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
