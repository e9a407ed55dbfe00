#!/usr/bin/env bash
# Installs what is missing, then runs every test: lint, typecheck, build, unit and integration
# tests (Vitest), end-to-end tests in Debian's headless Chromium (Playwright).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
source scripts/lib/node-env.sh
npm test
