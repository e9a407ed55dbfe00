import {
  type CrawledPage,
  type InlinkObservation,
  REPORT_COLUMN_NAMES,
  reportColumns,
  type SqlParam,
  type SqlQueryable,
} from '@mapsmith/core';
import { ClaimLostError } from './claim-lost.js';
import { chargePages, countOnJob, type FencedJob, fenceJob } from './page-charge.js';
import { LINKS_PER_STATEMENT } from './write-batch.js';

/** Rows per multi-row INSERT: few statements, well under either database's parameter cap. */
export const INSERT_BATCH = 100;
/** Keys per `IN (...)` list. */
const KEYS_PER_STATEMENT = 500;

/** A page save waiting for its batch. */
export interface PendingPage {
  key: string;
  page: CrawledPage;
}

/** What a batch of page saves did. */
export interface SavedBatch {
  /** The fenced job row, as it was before the batch. */
  job: FencedJob;
  /** Pages written (stored or replaced). */
  stored: number;
  /** Their keys. */
  keys: string[];
  /** New pages refused: past the job's page cap or the owner's monthly quota. */
  refused: number;
}

/** The slices of `items`, `size` at a time. */
function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Orders links by (key, from): the order of the link table's primary key. */
function byKeyThenFrom(a: InlinkObservation, b: InlinkObservation): number {
  if (a.key !== b.key) return a.key < b.key ? -1 : 1;
  if (a.from !== b.from) return a.from < b.from ? -1 : 1;
  return 0;
}

/**
 * Inserts links, each distinct (key, from) pair once, in the order of the link table's primary
 * key (job, key, from): a batch's links, as the crawl finds them, land all over that index, and
 * in its order they go in a page at a time. A 2,000-page crawl writes about 80,000 link rows;
 * in the crawl's order each one touched another index page, and once the index outgrew
 * SQLite's page cache, read it back first. The rows go in as one JSON array per
 * `LINKS_PER_STATEMENT` (`SqlDialect.jsonArrayRows`): a statement and a bound string for
 * thousands of rows, where a placeholder per value cost the crawl's thread a statement per 100
 * rows and three bound strings per row.
 */
export async function insertInlinks(
  tx: SqlQueryable,
  jobId: string,
  found: InlinkObservation[],
): Promise<void> {
  const sorted = [...found].sort(byKeyThenFrom);
  const links = sorted.filter(
    (link, i) => i === 0 || byKeyThenFrom(sorted[i - 1] as InlinkObservation, link) !== 0,
  );
  const { dialect } = tx;
  // `WHERE true`: SQLite reads an upsert's ON after a bare FROM as a join's.
  const sql = `INSERT INTO crawl_inlinks (job_id, key, from_url)
     SELECT CAST(? AS TEXT), ${dialect.jsonRowText('l', 0)}, ${dialect.jsonRowText('l', 1)}
       FROM ${dialect.jsonArrayRows('?', 'l')} WHERE true
     ON CONFLICT (job_id, key, from_url) DO NOTHING`;
  for (const batch of chunks(links, LINKS_PER_STATEMENT))
    await tx.run(sql, [jobId, JSON.stringify(batch.map((link) => [link.key, link.from]))]);
}

/**
 * Writes a batch of page saves in the caller's transaction, a few statements for the whole
 * batch: the job row is fenced first (`fenceJob`; a lost claim throws `ClaimLostError`, so the
 * batch rolls back), the new pages that count as pages are charged once (`chargePages`: those
 * past the page cap or the monthly quota are not stored at all), new rows go in multi-row
 * INSERTs, a key saved before is replaced in place, the counts per verdict move by the batch's
 * net change (the saved keys' leases end with their links: `endLeases`). A key saved twice in one
 * batch is written once, as its last save. Redirects, errors and blocked URLs are stored
 * but neither charged nor capped.
 */
export async function savePages(
  tx: SqlQueryable,
  jobId: string,
  claimToken: string | null,
  pending: PendingPage[],
  nowMs: number,
): Promise<SavedBatch> {
  const job = await fenceJob(tx, jobId, claimToken);
  if (!job) throw new ClaimLostError(jobId);
  const last = new Map(pending.map((p) => [p.key, p.page]));
  const keys = [...last.keys()];
  const existing = new Map<string, { seq: number; reason: string }>();
  for (const batch of chunks(keys, KEYS_PER_STATEMENT))
    for (const row of await tx.all<{ key: string; seq: number; reason: string }>(
      `SELECT key, seq, reason FROM crawl_pages WHERE job_id = ? AND key IN (${batch.map(() => '?').join(', ')})`,
      [jobId, ...batch],
    ))
      existing.set(row.key, row);
  const rows = keys.map((key) => {
    const page = last.get(key) as CrawledPage;
    const columns = reportColumns(page);
    return { key, page, columns, record: JSON.stringify(page), before: existing.get(key) };
  });
  const charging = rows.filter((r) => !r.before && r.columns.is_page === 1);
  // Within the job's page cap first, then the month's quota.
  const wanted = Math.min(charging.length, job.page_cap - job.pages_crawled);
  const charged = await chargePages(tx, job, wanted, nowMs);
  const refused = new Set(charging.slice(charged).map((r) => r.key));
  const kept = rows.filter((r) => !refused.has(r.key));
  const added = kept.filter((r) => !r.before);
  // A record saved again (a resumed page) is counted once, at its first save.
  const bytes = added.reduce((sum, r) => sum + r.record.length + r.key.length, 0);
  await countOnJob(tx, jobId, charged, bytes);
  const counts = new Map<string, number>();
  const move = (reason: string, delta: number) =>
    counts.set(reason, (counts.get(reason) ?? 0) + delta);
  for (const r of kept) {
    move(r.columns.reason, 1);
    if (!r.before) continue;
    move(r.before.reason, -1);
    await tx.run(
      `UPDATE crawl_pages SET url = ?, title = ?, included = ?, record = ?,
         ${REPORT_COLUMN_NAMES.map((name) => `${name} = ?`).join(', ')} WHERE seq = ?`,
      [
        r.page.url,
        r.page.title,
        r.page.verdict.included ? 1 : 0,
        r.record,
        ...REPORT_COLUMN_NAMES.map((name) => r.columns[name]),
        r.before.seq,
      ],
    );
  }
  const row = `(?, ?, ?, ?, ?, ?, (SELECT COUNT(*) FROM crawl_inlinks WHERE job_id = ? AND key = ?), ${REPORT_COLUMN_NAMES.map(() => '?').join(', ')})`;
  for (const batch of chunks(added, INSERT_BATCH / 2))
    await tx.run(
      `INSERT INTO crawl_pages (job_id, key, url, title, included, record, inlinks, ${REPORT_COLUMN_NAMES.join(', ')})
       VALUES ${batch.map(() => row).join(', ')}`,
      batch.flatMap((r): SqlParam[] => [
        jobId,
        r.key,
        r.page.url,
        r.page.title,
        r.page.verdict.included ? 1 : 0,
        r.record,
        jobId,
        r.key,
        ...REPORT_COLUMN_NAMES.map((name) => r.columns[name]),
      ]),
    );
  for (const [reason, delta] of counts)
    if (delta !== 0)
      await tx.run(
        `INSERT INTO crawl_report_counts (job_id, reason, n) VALUES (?, ?, ?)
         ON CONFLICT (job_id, reason) DO UPDATE SET n = crawl_report_counts.n + excluded.n`,
        [jobId, reason, delta],
      );
  return { job, stored: kept.length, keys: kept.map((r) => r.key), refused: refused.size };
}

/**
 * Ends the leases of `keys` (their frontier rows are done): their pages and links are stored.
 * A key without a frontier row (a URL outside the site) changes nothing.
 */
export async function endLeases(tx: SqlQueryable, jobId: string, keys: string[]): Promise<void> {
  for (const batch of chunks([...new Set(keys)], KEYS_PER_STATEMENT))
    await tx.run(
      `UPDATE crawl_frontier SET state = 'done' WHERE job_id = ? AND key IN (${batch.map(() => '?').join(', ')})`,
      [jobId, ...batch],
    );
}
