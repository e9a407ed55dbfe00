import type {
  CrawledUrl,
  SitemapComparePage,
  SitemapCompareSummary,
  SitemapFinding,
  SitemapFlag,
  SqlDatabase,
} from '@mapsmith/core';
import { fenceClaim } from '../jobs/claim-fence.js';
import { insertRows } from '../sql/insert-rows.js';
import type { SitemapCompareRepository } from './ports.js';
import { COMPARE_TABLE } from './sitemap-compare-queue.js';

/** The column of each finding kind. */
const FLAG_COLUMNS: Readonly<Record<SitemapFlag, string>> = {
  'not-indexable': 'not_indexable',
  orphan: 'orphan',
  missing: 'missing',
  duplicate: 'duplicate',
  'lastmod-newer': 'lastmod_newer',
};

/** Crawled URLs read per query, so a 1,000,000-page crawl is never held twice. */
const READ_BATCH = 5000;

/** The live sitemap comparisons of crawls, in SQL (SQLite or Postgres). */
export class SqlSitemapCompareRepository implements SitemapCompareRepository {
  /** Uses `db`. */
  constructor(private readonly db: SqlDatabase) {}

  /** The crawl's URLs as the comparison needs them, read in batches. */
  async crawled(jobId: string): Promise<CrawledUrl[]> {
    const out: CrawledUrl[] = [];
    let after = 0;
    const { dialect } = this.db;
    for (;;) {
      const rows = await this.db.all<{
        seq: number;
        url: string;
        reason: string;
        verdict: string;
        inlinks: number;
        found_via: string | null;
        last_modified: string | null;
      }>(
        `SELECT seq, url, reason, verdict, inlinks,
                ${dialect.jsonText('record', ['foundVia'])} AS found_via,
                ${dialect.jsonText('record', ['lastModified'])} AS last_modified
           FROM crawl_pages WHERE job_id = ? AND seq > ? ORDER BY seq LIMIT ?`,
        [jobId, after, READ_BATCH],
      );
      for (const r of rows)
        out.push({
          url: r.url,
          reason: r.reason,
          verdict: r.verdict,
          inlinks: r.inlinks,
          foundVia: r.found_via ?? 'link',
          lastModified: r.last_modified,
        });
      if (rows.length < READ_BATCH) return out;
      after = rows.at(-1)?.seq ?? after;
    }
  }

  /**
   * Replaces the crawl's comparison in one transaction: figures and URLs with a finding, first
   * fenced by the comparison job's claim token (see the port).
   */
  async save(
    jobId: string,
    claimToken: string | null,
    summary: SitemapCompareSummary,
    findings: SitemapFinding[],
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      if (claimToken !== null) await fenceClaim(tx, COMPARE_TABLE, jobId, claimToken);
      await tx.run('DELETE FROM crawl_sitemap_urls WHERE job_id = ?', [jobId]);
      const has = (f: SitemapFinding, flag: SitemapFlag) => (f.flags.includes(flag) ? 1 : 0);
      await insertRows(
        tx,
        `INSERT INTO crawl_sitemap_urls (job_id, url, in_sitemap, flags, not_indexable, orphan,
                missing, duplicate, lastmod_newer, finding)`,
        findings
          .filter((f) => f.flags.length > 0)
          .map((f) => [
            jobId,
            f.url,
            f.inSitemap ? 1 : 0,
            f.flags.join(' '),
            has(f, 'not-indexable'),
            has(f, 'orphan'),
            has(f, 'missing'),
            has(f, 'duplicate'),
            has(f, 'lastmod-newer'),
            JSON.stringify(f),
          ]),
      );
      await tx.run(
        `INSERT INTO crawl_sitemap_runs (job_id, summary) VALUES (?, ?)
         ON CONFLICT (job_id) DO UPDATE SET summary = excluded.summary`,
        [jobId, JSON.stringify(summary)],
      );
    });
  }

  /** The figures of the last comparison, or null. */
  async summary(jobId: string): Promise<SitemapCompareSummary | null> {
    const row = await this.db.first<{ summary: string }>(
      'SELECT summary FROM crawl_sitemap_runs WHERE job_id = ?',
      [jobId],
    );
    return row ? (JSON.parse(row.summary) as SitemapCompareSummary) : null;
  }

  /** A page of findings (one kind, or every URL with one), in comparison order. */
  async page(
    jobId: string,
    filter: { flag?: SitemapFlag | undefined; cursor?: number | undefined; limit?: number },
  ): Promise<Omit<SitemapComparePage, 'run'>> {
    const where = `job_id = ?${filter.flag ? ` AND ${FLAG_COLUMNS[filter.flag]} = 1` : ''}`;
    const limit = filter.limit ?? 50;
    const total = await this.db.first<{ n: number }>(
      `SELECT COUNT(*) AS n FROM crawl_sitemap_urls WHERE ${where}`,
      [jobId],
    );
    const rows = await this.db.all<{ seq: number; finding: string }>(
      `SELECT seq, finding FROM crawl_sitemap_urls WHERE ${where} AND seq > ? ORDER BY seq LIMIT ?`,
      [jobId, filter.cursor ?? 0, limit + 1],
    );
    const shown = rows.slice(0, limit);
    return {
      summary: await this.summary(jobId),
      rows: shown.map((r) => JSON.parse(r.finding) as SitemapFinding),
      total: total?.n ?? 0,
      nextCursor: rows.length > limit ? (shown.at(-1)?.seq ?? null) : null,
    };
  }

  /** Every finding (one kind, or all), in pages so memory stays flat. */
  async *findings(jobId: string, flag?: SitemapFlag): AsyncGenerator<SitemapFinding> {
    let cursor = 0;
    for (;;) {
      const page = await this.page(jobId, { flag, cursor, limit: 200 });
      yield* page.rows;
      if (page.nextCursor === null) return;
      cursor = page.nextCursor;
    }
  }
}
