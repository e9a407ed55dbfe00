/**
 * The change report and the honest lastmod (issue 13), written once for both shells' stores
 * (SQLite, and the server's Postgres): a crawl is compared with the previous completed crawl of the same site by URL, each
 * row learns its change kind, and each listed record's `lastModified` becomes the honest one:
 *
 * - main text unchanged (same content fingerprint): the lastmod the previous crawl gave it;
 * - main text changed: the date the site states (page date or Last-Modified) when it is later
 *   than the previous lastmod and not after the crawl, else the crawl's time;
 * - new, or no earlier crawl: the date the site states, as before.
 */
import type { ChangeSummary, CrawlChanges } from '../contract/change-schemas.js';
import { MAX_REMOVED_LISTED } from '../contract/change-schemas.js';
import type { SqlParam, SqlReader } from '../ports/sql-reader.js';

/** Read and write access to a shell's database. */
export interface SqlWriter extends SqlReader {
  /** Runs one statement. */
  run(sql: string, params?: SqlParam[]): Promise<unknown>;
}

/** Where a shell keeps pages (with the report columns) and jobs. */
export interface ChangeLayout {
  pages: string;
  jobs: string;
}

/** The schema step: the rows' change column (filtered on) and the job's summary. */
export function changeSchemaSql(layout: ChangeLayout): string {
  const { pages, jobs } = layout;
  return `
ALTER TABLE ${pages} ADD COLUMN change TEXT;
CREATE INDEX ${pages}_change ON ${pages}(job_id, change, seq);
ALTER TABLE ${jobs} ADD COLUMN changes TEXT;
`;
}

/**
 * The ways one start URL may have been typed (`https://a.example`, `https://a.example/`), so a
 * crawl finds the previous crawl of its site however the address was written.
 */
export function startUrlVariants(url: string): string[] {
  const out = new Set([url]);
  try {
    const parsed = new URL(url);
    out.add(parsed.href);
    if (parsed.pathname === '/' && !parsed.search && !parsed.hash) out.add(parsed.origin);
  } catch {
    // Not a URL: only the text itself matches.
  }
  return [...out];
}

/** The crawl to compare and the one before it. */
export interface Comparison {
  jobId: string;
  previousJobId: string;
  /** When the previous crawl started (ISO). */
  previousAt: string;
  /** The crawl's time (ISO): the lastmod of a page whose text changed without a later date. */
  crawlTime: string;
  /**
   * The settings deciding which URLs are met that differ between the two crawls, in words
   * (core `reachSettingsChanged`); empty when like is compared with like.
   */
  settingsChanged: string[];
}

/**
 * Marks each row of `jobId` with its change kind, writes the honest lastmod into the listed
 * records, keeps the summary on the job row and returns it. Run once, when the crawl ends.
 */
export async function compareCrawls(
  db: SqlWriter,
  layout: ChangeLayout,
  c: Comparison,
): Promise<ChangeSummary> {
  const { pages, jobs } = layout;
  const FINGERPRINT = db.dialect.jsonText('record', ['fingerprint']);
  const LASTMOD = db.dialect.jsonText('record', ['lastModified']);
  // Rows the previous crawl never met: listed ones are new.
  await db.run(
    `UPDATE ${pages} SET change = CASE WHEN reason = 'listed' THEN 'added' END WHERE job_id = ?`,
    [c.jobId],
  );
  const prev = `(SELECT url, reason, ${FINGERPRINT} AS fingerprint, ${LASTMOD} AS lastmod
                   FROM ${pages} WHERE job_id = ?) AS prev`;
  await db.run(
    `UPDATE ${pages} SET change = ${changeKindSql(pages, FINGERPRINT)}
       FROM ${prev}
      WHERE ${pages}.job_id = ? AND ${pages}.url = prev.url`,
    [c.previousJobId, c.jobId],
  );
  const honest = `CASE
        WHEN ${pages}.change = 'unchanged' THEN COALESCE(prev.lastmod, ${LASTMOD})
        WHEN ${LASTMOD} > COALESCE(prev.lastmod, '') AND ${LASTMOD} <= ? THEN ${LASTMOD}
        ELSE ? END`;
  // No lastmod either way (an unchanged page that never had one) leaves the record as it is:
  // there is nothing to write, and Postgres' jsonb_set would turn a NULL into no record at all.
  await db.run(
    `UPDATE ${pages} SET record = ${db.dialect.jsonSetText('record', 'lastModified', honest)}
       FROM ${prev}
      WHERE ${pages}.job_id = ? AND ${pages}.url = prev.url
        AND (${pages}.change = 'changed'
             OR (${pages}.change = 'unchanged' AND COALESCE(prev.lastmod, ${LASTMOD}) IS NOT NULL))`,
    [c.crawlTime, c.crawlTime, c.previousJobId, c.jobId],
  );
  const counts = await db.all<{ change: string; n: number }>(
    `SELECT change, COUNT(*) AS n FROM ${pages} WHERE job_id = ? AND change IS NOT NULL GROUP BY change`,
    [c.jobId],
  );
  const summary = await summaryOf(db, pages, c, counts);
  await db.run(`UPDATE ${jobs} SET changes = ? WHERE id = ?`, [JSON.stringify(summary), c.jobId]);
  return summary;
}

/**
 * The summary from the rows' counts by change kind, and the URLs not met this time counted:
 * removed when the two crawls ran with the same settings, else left out by the new settings
 * (a page beyond the new depth or under a new exclude is still on the site).
 */
async function summaryOf(
  db: SqlReader,
  pages: string,
  c: Pick<Comparison, 'jobId' | 'previousJobId' | 'previousAt' | 'settingsChanged'>,
  counts: { change: string; n: number }[],
): Promise<ChangeSummary> {
  const of = (kind: string) => Number(counts.find((r) => r.change === kind)?.n ?? 0);
  const row = await db.first<{ n: number }>(`SELECT COUNT(*) AS n FROM ${removedSql(pages)}`, [
    c.previousJobId,
    c.jobId,
  ]);
  const notMet = Number(row?.n ?? 0);
  const likeWithLike = c.settingsChanged.length === 0;
  return {
    previousJobId: c.previousJobId,
    previousAt: c.previousAt,
    added: of('added'),
    removed: likeWithLike ? notMet : 0,
    settingsChanged: c.settingsChanged,
    leftOut: likeWithLike ? 0 : notMet,
    changed: of('changed'),
    unchanged: of('unchanged'),
    newlyExcluded: of('newly-excluded'),
  };
}

/**
 * The change report of `c.jobId` against any other crawl (`c.previousJobId`, issue 26),
 * computed as it is read and kept nowhere: the rows keep the change of the comparison made
 * when the crawl ended, and their lastmod stays the one that comparison wrote.
 */
export async function compareOnDemand(
  db: SqlReader,
  layout: ChangeLayout,
  c: Pick<Comparison, 'jobId' | 'previousJobId' | 'previousAt' | 'settingsChanged'>,
): Promise<CrawlChanges> {
  const { pages } = layout;
  const FINGERPRINT = db.dialect.jsonText('cur.record', ['fingerprint']);
  const counts = await db.all<{ change: string | null; n: number }>(
    `SELECT ${changeKindSql('cur', FINGERPRINT)} AS change, COUNT(*) AS n
       FROM ${pages} cur
       LEFT JOIN (SELECT url, reason, ${db.dialect.jsonText('record', ['fingerprint'])} AS fingerprint
                    FROM ${pages} WHERE job_id = ?) AS prev ON prev.url = cur.url
      WHERE cur.job_id = ?
      GROUP BY 1`,
    [c.previousJobId, c.jobId],
  );
  const summary = await summaryOf(
    db,
    pages,
    c,
    counts.filter((r): r is { change: string; n: number } => r.change !== null),
  );
  return { summary, removed: await removedUrls(db, pages, summary, c.jobId) };
}

/**
 * The change kind of a row of `cur` (whose content fingerprint is `fingerprint`) against its
 * row `prev` of the earlier crawl (`prev.reason`, `prev.fingerprint`; all null when the earlier
 * crawl never met the URL). Null for a row that was not listed either time.
 */
function changeKindSql(cur: string, fingerprint: string): string {
  return `CASE
        WHEN ${cur}.reason <> 'listed' THEN CASE WHEN prev.reason = 'listed' THEN 'newly-excluded' END
        WHEN prev.reason IS NULL OR prev.reason <> 'listed' THEN 'added'
        WHEN prev.fingerprint IS NOT NULL AND ${fingerprint} IS DISTINCT FROM prev.fingerprint THEN 'changed'
        ELSE 'unchanged' END`;
}

/** Listed rows of the previous crawl (`?` 1) whose URL the crawl (`?` 2) never met. */
function removedSql(pages: string): string {
  return `${pages} p WHERE p.job_id = ? AND p.reason = 'listed'
    AND NOT EXISTS (SELECT 1 FROM ${pages} c WHERE c.job_id = ? AND c.url = p.url)`;
}

/** The change report of a job: its summary, and the removed URLs while the old crawl is kept. */
export async function readChanges(
  db: SqlReader,
  layout: ChangeLayout,
  jobId: string,
): Promise<CrawlChanges> {
  const row = await db.first<{ changes: string | null }>(
    `SELECT changes FROM ${layout.jobs} WHERE id = ?`,
    [jobId],
  );
  // A summary kept before settings were compared reads as one with the same settings.
  const kept = row?.changes ? (JSON.parse(row.changes) as ChangeSummary) : null;
  const summary = kept && {
    ...kept,
    settingsChanged: kept.settingsChanged ?? [],
    leftOut: kept.leftOut ?? 0,
  };
  if (!summary) return { summary, removed: [] };
  return { summary, removed: await removedUrls(db, layout.pages, summary, jobId) };
}

/** The first URLs of a comparison not met this time (removed or left out), while the earlier crawl is kept. */
async function removedUrls(
  db: SqlReader,
  pages: string,
  summary: ChangeSummary,
  jobId: string,
): Promise<CrawlChanges['removed']> {
  if (summary.removed + summary.leftOut === 0) return [];
  return db.all<{ url: string; title: string | null }>(
    `SELECT p.url, p.title FROM ${removedSql(pages)} ORDER BY p.seq LIMIT ${MAX_REMOVED_LISTED}`,
    [summary.previousJobId, jobId],
  );
}
