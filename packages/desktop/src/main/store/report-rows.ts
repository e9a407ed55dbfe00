import {
  type CrawledPage,
  LINKED_FROM_KEPT,
  type PageRecord,
  REPORT_COLUMN_NAMES,
  reportColumns,
} from '@mapsmith/core';
import type { Database, Queryable } from '@mapsmith/sqlite';
import type { LinkCounts } from '../crawl/messages';

const INSERT_PAGE = `INSERT INTO pages (job_id, seq, url, title, included, record, inlinks, ${REPORT_COLUMN_NAMES.join(', ')})
  VALUES (?, ?, ?, ?, ?, ?, ?, ${REPORT_COLUMN_NAMES.map(() => '?').join(', ')})`;

/**
 * Inserts one crawled page with the report columns of core `reportColumns` (the hosted store
 * fills the same ones) and counts its verdict; the caller holds the transaction. Its link graph
 * is empty until `setLinks` writes it when the crawl has ended.
 */
export async function insertPage(db: Queryable, jobId: string, seq: number, crawled: CrawledPage) {
  const page: PageRecord = { ...crawled, inlinks: 0, linkedFrom: [] };
  const columns = reportColumns(crawled);
  await db.run(INSERT_PAGE, [
    jobId,
    seq,
    page.url,
    page.title,
    page.verdict.included ? 1 : 0,
    JSON.stringify(page),
    page.inlinks,
    ...REPORT_COLUMN_NAMES.map((name) => columns[name]),
  ]);
  await db.run(
    `INSERT INTO report_counts (job_id, reason, n) VALUES (?, ?, 1)
     ON CONFLICT (job_id, reason) DO UPDATE SET n = n + 1`,
    [jobId, columns.reason],
  );
}

/**
 * Writes the link graph the crawl learnt by its end into the rows and their records, so the
 * URL table's inlinks, the detail's linking pages and the SEO analysis's link rules see it.
 */
export async function setLinks(db: Database, jobId: string, links: readonly LinkCounts[]) {
  await db.transaction(async (tx) => {
    for (const link of links) {
      await tx.run(
        `UPDATE pages SET inlinks = ?,
           record = json_set(record, '$.inlinks', ?, '$.linkedFrom', json(?))
         WHERE job_id = ? AND url = ?`,
        [
          link.inlinks,
          link.inlinks,
          JSON.stringify(link.linkedFrom.slice(0, LINKED_FROM_KEPT)),
          jobId,
          link.url,
        ],
      );
    }
  });
}
