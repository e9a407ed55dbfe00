/**
 * Whether `err` is a unique-constraint violation from either database driver: SQLite's
 * `UNIQUE constraint failed` (SQLITE_CONSTRAINT_UNIQUE / PRIMARYKEY) or Postgres' SQLSTATE
 * 23505. Repositories decide "already taken" with it instead of matching one driver's text.
 */
export function isUniqueViolation(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const { code, message } = err as { code?: unknown; message?: unknown };
  if (code === '23505') return true;
  return typeof message === 'string' && message.includes('UNIQUE constraint failed');
}
