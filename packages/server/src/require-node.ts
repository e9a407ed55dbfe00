/**
 * Imported first by every entry point (server and CLI): on a Node older than package.json's
 * `engines` (>= 22.12), the process stops here with one line instead of failing later in a
 * dependency with a stack trace. ES modules evaluate their imports in order, so this runs
 * before Express, SQLite or the crawler load.
 */
const MIN_MAJOR = 22;
const MIN_MINOR = 12;

/** True when `version` ("24.21.0") is at least the supported minimum. */
export function isSupportedNode(version: string): boolean {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  return major > MIN_MAJOR || (major === MIN_MAJOR && minor >= MIN_MINOR);
}

if (!isSupportedNode(process.versions.node)) {
  process.stderr.write(
    `mapsmith: Node ${process.versions.node} is too old; Mapsmith needs Node ${MIN_MAJOR}.${MIN_MINOR} or later (24 LTS recommended: bash scripts/setup.sh installs it).\n`,
  );
  process.exit(1);
}
