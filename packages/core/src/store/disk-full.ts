/**
 * True for an error that means the disk is full: SQLite's SQLITE_FULL ("database or disk is
 * full"), or ENOSPC / EDQUOT from the file system. Crawl summaries carry only the text, so the
 * text counts as well as the code. Hosted and desktop stores both fail this way.
 */
export function isDiskFull(err: unknown): boolean {
  const e = (err ?? {}) as { code?: unknown; message?: unknown };
  if (e.code === 'SQLITE_FULL' || e.code === 'ENOSPC' || e.code === 'EDQUOT') return true;
  const text = typeof err === 'string' ? err : typeof e.message === 'string' ? e.message : '';
  return /SQLITE_FULL|ENOSPC|EDQUOT|database or disk is full|no space left on device/i.test(text);
}
