#!/usr/bin/env bash
# E2E tests drive Debian's Chromium; Playwright cannot download its own browser on this network.
set -euo pipefail
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$CHROMIUM" ]; then exit 0; fi
if [ "$(id -u)" != "0" ]; then
  echo "Chromium is missing at $CHROMIUM; install Debian's 'chromium' package (needs root)." >&2
  exit 1
fi
echo "Installing Debian's chromium for the E2E tests…"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq chromium >/dev/null
