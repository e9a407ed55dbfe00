const RUNS_TO_END = /^\s*(?:insert|update|delete|replace)\b/i;
const RETURNING = /\breturning\b/i;
/** Texts remembered; past this many the memo starts again (texts of varying rows come and go). */
const REMEMBERED = 500;

const answers = new Map<string, boolean>();

/**
 * Whether `sql` is a write without `RETURNING`, read from its text once: the driver's `run`
 * ends such a statement in its one step, so its prepared statement may be kept
 * (`StatementCache.run`); one that returns rows would stay open. The crawl's statements repeat
 * by the thousand, and the test reads the whole text (a multi-row INSERT is kilobytes).
 */
export function endsInOneStep(sql: string): boolean {
  const known = answers.get(sql);
  if (known !== undefined) return known;
  const ends = RUNS_TO_END.test(sql) && !RETURNING.test(sql);
  if (answers.size >= REMEMBERED) answers.clear();
  answers.set(sql, ends);
  return ends;
}
