import { createReadStream } from 'node:fs';
import path from 'node:path';
import { type BulkSite, csvField, NothingToListError, PLAN_LIMITS } from '@mapsmith/core';
import type { AppContext } from '../../context.js';
import type { ZipEntry } from '../../exports/zip-stream.js';
import type { BulkRecord } from '../../repos/bulk-types.js';
import { bulkSiteOutcome, presentBulkSite } from './presenter.js';

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

/** A site's folder in the zip: its line number (sorts as the list did) and its host. */
export function siteFolder(site: { line: number; url: string }): string {
  const host = new URL(site.url).host.replace(/[^A-Za-z0-9.-]/g, '_');
  return `${String(site.line).padStart(3, '0')}-${host}`;
}

function csvRow(site: BulkSite, folder: string | null): string {
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
  return `${values.map((v) => csvField(v)).join(',')}\r\n`;
}

/**
 * The entries of a bulk's zip: for each completed site that listed something, a folder with
 * every sitemap file its outcome offers (each format's files, split parts and index included,
 * from the export cache), then `summary.csv` with one row per site (UTF-8 with BOM, RFC 4180).
 * Sites still running, failed, or that listed nothing (robots.txt blocks everything, say) have
 * no folder and no placeholder file; their row says why. Files are read one at a time.
 */
export async function* bulkZipEntries(ctx: AppContext, bulk: BulkRecord): AsyncGenerator<ZipEntry> {
  const rows: string[] = [];
  const budget = { left: Number.POSITIVE_INFINITY };
  for (const site of bulk.sites) {
    const outcome = await bulkSiteOutcome(ctx, site);
    const presented = await presentBulkSite(ctx, site, budget, outcome);
    const offered = outcome?.downloads.filter((d) => d.available).map((d) => d.format) ?? [];
    const folder = offered.length > 0 ? siteFolder(presented) : null;
    rows.push(csvRow(presented, folder));
    if (!folder) continue;
    const pages = () => ctx.repos.jobs.store(site.job.id).listed();
    for (const format of offered) {
      const variant = { format, gzip: false, rssLimit: PLAN_LIMITS.pro.rssItems };
      const built = await ctx.exports
        .get(bulk.userId, site.job.id, variant, pages)
        .catch((err: unknown) => {
          // The outcome and the file agree on what can be listed; kept as the crawl page does.
          if (err instanceof NothingToListError) return null;
          throw err;
        });
      if (!built) continue;
      for (const file of built.files) {
        yield {
          name: `${folder}/${file}`,
          data: () => createReadStream(path.join(built.dir, file)),
        };
      }
    }
  }
  yield {
    name: 'summary.csv',
    data: () => [Buffer.from(`\uFEFF${CSV_COLUMNS.join(',')}\r\n${rows.join('')}`, 'utf8')],
  };
}
