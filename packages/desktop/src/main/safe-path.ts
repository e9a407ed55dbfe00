import path from 'node:path';

/**
 * Resolves a request path inside `root`, or returns null when it would escape it
 * (`..`, encoded `%2e%2e` or `%2f`, backslashes, absolute paths, NUL bytes).
 */
export function resolveInside(root: string, requestPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(requestPath);
  } catch {
    return null;
  }
  // A backslash is a separator on Windows; refusing it everywhere keeps one rule for all systems.
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const base = path.resolve(root);
  const target = path.resolve(base, `.${path.posix.normalize(`/${decoded}`)}`);
  return target === base || target.startsWith(base + path.sep) ? target : null;
}
