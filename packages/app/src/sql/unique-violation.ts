/**
 * Driver-neutral checks on database errors, so repositories written once for both databases
 * need neither `pg` nor SQLite's message texts.
 */

/**
 * Whether `err` is a unique-constraint violation: SQLite's `SQLITE_CONSTRAINT` with
 * "UNIQUE constraint failed" (or a PRIMARY KEY clash) or Postgres' SQLSTATE 23505.
 */
export function isUniqueViolation(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const { code, message } = err as { code?: unknown; message?: unknown };
  if (code === '23505') return true;
  const text = typeof message === 'string' ? message : '';
  return /UNIQUE constraint failed|PRIMARY KEY constraint failed/.test(text);
}
