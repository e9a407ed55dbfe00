import { type BulkSite, type CrawlOutcome, csvField, type ExportFormat } from '@mapsmith/core';

const CSV_COLUMNS = [
  'line',
  'url',
  'status',
  'pages',
  'listed',
  'seo_score',
  'changes',
  'folder',
  'error',
  'nothing_listed',
] as const;

/** A site's folder in a bulk's zip: its line number (sorts as the list did) and its host. */
export function siteFolder(site: { line: number; url: string }): string {
  const host = new URL(site.url).host.replace(/[^A-Za-z0-9.-]/g, '_');
  return `${String(site.line).padStart(3, '0')}-${host}`;
}

/** The sitemap formats a completed site's outcome offers (none before it completed). */
export function offeredFormats(outcome: CrawlOutcome | null): ExportFormat[] {
  return outcome?.downloads.filter((d) => d.available).map((d) => d.format) ?? [];
}

/**
 * The `summary.csv` of a bulk's zip: one row per site, with the folder its files are in (or
 * none: still running, failed, or nothing listed, the row says why), UTF-8 with BOM, RFC 4180.
 */
export class BulkSummaryCsv {
  private readonly rows: string[] = [];

  /** Adds the row of `site`, whose files are in `folder` (null: it has none). */
  add(site: BulkSite, folder: string | null): void {
    const values = [
      site.line,
      site.url,
      site.nothingListed === null ? site.status : 'nothing listed',
      site.pagesCrawled,
      site.listed,
      site.seoScore,
      site.changes ?? '-',
      folder,
      site.error,
      site.nothingListed,
    ];
    this.rows.push(`${values.map((v) => csvField(v)).join(',')}\r\n`);
  }

  /** The file's bytes. */
  bytes(): Buffer {
    return Buffer.from(`\uFEFF${CSV_COLUMNS.join(',')}\r\n${this.rows.join('')}`, 'utf8');
  }
}
