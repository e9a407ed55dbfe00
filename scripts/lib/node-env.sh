# Sourced by the project's scripts: puts the project's Node on PATH when scripts/setup.sh
# installed one (the `node` on PATH was older than package.json's engines).
# The pinned version and the tarball's sha512 (the npm registry's `dist.integrity`) live here, once.
MAPSMITH_NODE_VERSION=24.21.0
MAPSMITH_NODE_INTEGRITY='sha512-3nULszZ5X0fciYpG0t6TrdApJzAn8+FlINP6OiMX7V8HrvpATPN936U1LlReOJriLRa4e8yEqQBYCnLyPNAs7Q=='
MAPSMITH_NODE_MIN_MAJOR=22
MAPSMITH_NODE_MIN_MINOR=12
MAPSMITH_NODE_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)/.node/v${MAPSMITH_NODE_VERSION}"

# 0 when the `node` on PATH satisfies engines (>= 22.12).
mapsmith_node_ok() {
  command -v node >/dev/null 2>&1 || return 1
  local v major minor
  v="$(node -p 'process.versions.node' 2>/dev/null)" || return 1
  major="${v%%.*}"; minor="${v#*.}"; minor="${minor%%.*}"
  [ "$major" -gt "$MAPSMITH_NODE_MIN_MAJOR" ] ||
    { [ "$major" -eq "$MAPSMITH_NODE_MIN_MAJOR" ] && [ "$minor" -ge "$MAPSMITH_NODE_MIN_MINOR" ]; }
}

if [ -x "$MAPSMITH_NODE_DIR/bin/node" ]; then
  export PATH="$MAPSMITH_NODE_DIR/bin:$PATH"
fi
