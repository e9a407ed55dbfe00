#!/usr/bin/env bash
# Installs what is missing, builds, and starts the hosted app on its embedded defaults:
# SQLite and the mail outbox under ./data (MAPSMITH_DATA_DIR), http://127.0.0.1:3000 (PORT).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
source scripts/lib/node-env.sh
npm run --silent build:ts
npm run --silent build:web -- --logLevel warn
exec node packages/server/dist/main.js
