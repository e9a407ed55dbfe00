import type { ReportLayout } from './crawl-report.js';

/**
 * The rows the URL table reads: a shell's page rows with a `sitemap` column, the live sitemap
 * comparison's finding codes of the URL (issue 14) where the shell keeps that table, else
 * NULL. A plain derived table, which SQLite flattens into each query, so the pages' indexes
 * still serve filters and sorts; the lookup runs only for the rows a query reads.
 */
export function rowSource(layout: Pick<ReportLayout, 'pages' | 'sitemap'>): string {
  const sitemap = layout.sitemap
    ? `(SELECT f.flags FROM ${layout.sitemap.table} f WHERE f.job_id = p.job_id AND f.url = p.url LIMIT 1)`
    : 'NULL';
  // Named, as Postgres wants every derived table to be.
  return `(SELECT p.*, ${sitemap} AS sitemap FROM ${layout.pages} p) AS r`;
}
