#!/usr/bin/env bash
# Installs everything Mapsmith needs on Debian with Node 20 and npm 11: Chromium (browser tests,
# smart rendering) and xmllint (sitemap schema checks) from Debian's packages when missing, then
# the npm dependencies from package-lock.json. Idempotent; asks nothing; downloads no browser.
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
[ -x /usr/bin/chromium ] || command -v chromium >/dev/null 2>&1 || need+=(chromium)
command -v xmllint >/dev/null 2>&1 || need+=(libxml2-utils)
if [ ${#need[@]} -gt 0 ]; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  echo "setup: installing Debian packages: ${need[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${need[@]}" >/dev/null
fi

# Packages that would download binaries at install time are told not to: Electron's binary is
# not reachable here, puppeteer-core drives Debian's Chromium, Playwright uses it too.
export ELECTRON_SKIP_BINARY_DOWNLOAD=1 PUPPETEER_SKIP_DOWNLOAD=1 PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
stamp=node_modules/.mapsmith-installed
if [ ! -f "$stamp" ] || [ package-lock.json -nt "$stamp" ] || [ package.json -nt "$stamp" ]; then
  echo "setup: installing npm dependencies (npm ci)"
  npm ci --no-audit --no-fund --loglevel=error
  touch "$stamp"
fi
