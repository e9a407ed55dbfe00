/**
 * A report export's lines read in batches: each batch's CSV or JSON Lines text is written and
 * joined by the database (`sql-lines.ts`) and handed over as bytes, so no text is decoded into
 * JavaScript and encoded again on the way out. The next batch is read while the caller writes
 * this one (SQLite works on its own thread, Postgres in its own process), so reading and
 * writing overlap; at most two batches are held.
 */
import type { ReportFilter } from '../contract/report-schemas.js';
import type { SqlReader } from '../ports/sql-reader.js';
import type { ReportFormat } from './export.js';
import { type Keyset, keysetOf, pageSelect, SORT_VALUE } from './query.js';
import { lineExpression } from './sql-lines.js';

/** One batch of an export's lines and the keyset the next one starts after (null: the last). */
interface LineBatch {
  bytes: Uint8Array | null;
  last: Keyset | null;
}

/** The lines of one batch after `after`, and the keyset of its last row when it was full. */
async function batchAfter(
  db: SqlReader,
  pages: string,
  jobId: string,
  filter: ReportFilter,
  format: ReportFormat,
  size: number,
  after: Keyset | null,
): Promise<LineBatch> {
  const { sql, params } = pageSelect(
    pages,
    jobId,
    filter,
    after,
    `seq, ${lineExpression(format, db.dialect.name)} AS line`,
    db.dialect,
  );
  const dir = filter.dir === 'desc' ? 'DESC' : 'ASC';
  const order = `${SORT_VALUE} ${dir}, seq ${dir}`;
  // The aggregate's own ORDER BY keeps the lines in the table's order (neither database
  // promises the order of a plain one); the batch's last row is the keyset read from after it.
  const lines = db.dialect.utf8Bytes(db.dialect.stringAgg('line', "''", order));
  const batch = await db.first<{ n: number; bytes: Uint8Array | null }>(
    `SELECT COUNT(*) AS n, ${lines} AS bytes FROM (${sql} LIMIT ?) AS b`,
    [...params, size],
  );
  const bytes = batch?.bytes ?? null;
  if ((batch?.n ?? 0) < size) return { bytes, last: null };
  const keyset = pageSelect(pages, jobId, filter, after, 'seq', db.dialect);
  const end = await db.first<{ seq: number; sortValue: string | number }>(
    `${keyset.sql} LIMIT 1 OFFSET ?`,
    [...keyset.params, size - 1],
  );
  return { bytes, last: keysetOf(end) };
}

/** Every row of `jobId` in `pages` matching `filter`, as `format` lines, `size` rows a chunk. */
export async function* lineBatches(
  db: SqlReader,
  pages: string,
  jobId: string,
  filter: ReportFilter,
  format: ReportFormat,
  size: number,
): AsyncIterable<Uint8Array> {
  const read = (after: Keyset | null) => {
    const batch = batchAfter(db, pages, jobId, filter, format, size, after);
    // A reader that stops early (a closed download) leaves the read ahead unawaited: its
    // failure must not become an unhandled rejection. Awaited, it still throws.
    batch.catch(() => {});
    return batch;
  };
  let next: Promise<LineBatch> | null = read(null);
  while (next) {
    const batch: LineBatch = await next;
    next = batch.last ? read(batch.last) : null;
    if (batch.bytes?.length) yield batch.bytes;
  }
}
