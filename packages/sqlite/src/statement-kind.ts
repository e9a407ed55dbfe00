/** What a statement's SQL text says about how it runs. */
export interface StatementKind {
  /** It writes (`INSERT/UPDATE/DELETE/REPLACE`): only the write connection may run it. */
  writes: boolean;
  /**
   * A write without `RETURNING`: the driver's `run` ends it in its one step, so its prepared
   * statement may be kept (`StatementCache.run`); one that returns rows would stay open.
   */
  endsInOneStep: boolean;
}

const WRITES = /^\s*(?:insert|update|delete|replace)\b/i;
const RETURNING = /\breturning\b/i;
/** Texts remembered; past this many the memo starts again (texts of varying rows come and go). */
const REMEMBERED = 500;

const kinds = new Map<string, StatementKind>();

/**
 * The kind of `sql`, read from its text once: the crawl's statements repeat by the thousand,
 * and the test reads the whole text (a multi-row INSERT is kilobytes).
 */
export function statementKind(sql: string): StatementKind {
  const known = kinds.get(sql);
  if (known) return known;
  const writes = WRITES.test(sql);
  const kind = { writes, endsInOneStep: writes && !RETURNING.test(sql) };
  if (kinds.size >= REMEMBERED) kinds.clear();
  kinds.set(sql, kind);
  return kind;
}
