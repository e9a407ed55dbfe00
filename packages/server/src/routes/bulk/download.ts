import type { BulkLists, BulkRecord, BulkRecordSite } from '@mapsmith/app';
import { BulkSummaryCsv, offeredFormats, siteFolder } from '@mapsmith/app';
import { type ExportFormat, NothingToListError, type Plan } from '@mapsmith/core';
import type { ExportCache } from '../../exports/export-cache.js';
import type { ZipEntry } from '../../exports/zip-stream.js';
import { openExport } from '../generate/export-file.js';

/** Where a bulk's zip reads from: its use cases, the export cache, and the owner's plan. */
interface BulkZipSources {
  lists: BulkLists;
  exports: ExportCache;
  plan: Plan;
}

/**
 * One format's files of a site, through the one export path of `export.get`: the variant
 * `CrawlAnswers.exportOf` gives, the entry file, then each part a split sitemap lists, with
 * the names a single download has. A format with nothing to list adds no file.
 */
async function* formatFiles(
  from: BulkZipSources,
  site: BulkRecordSite,
  format: ExportFormat,
  folder: string,
): AsyncGenerator<ZipEntry> {
  const { job } = site;
  const { userId } = job;
  const answers = from.lists.crawlAnswers;
  const { variant } = await answers.exportOf({ jobId: job.id, format }, userId, from.plan);
  const open = (part: number | undefined) =>
    openExport(from.exports, { userId, jobId: job.id }, variant, () => answers.pages(job.id), part);
  const entry = await open(undefined).catch((err: unknown) => {
    // The outcome and the file agree on what can be listed; kept as the crawl page does.
    if (err instanceof NothingToListError) return null;
    throw err;
  });
  if (!entry) return;
  yield { name: `${folder}/${entry.fileName}`, data: () => entry.stream };
  for (let part = 1; part <= (entry.parts ?? 0); part++) {
    const file = await open(part);
    if (file) yield { name: `${folder}/${file.fileName}`, data: () => file.stream };
  }
}

/**
 * The entries of a bulk's zip: for each completed site that listed something, a folder with
 * every sitemap file its outcome offers (each format's files, split parts and index included),
 * then `summary.csv` with one row per site. Files are opened one at a time, as the zip pulls.
 */
export async function* bulkZipEntries(
  from: BulkZipSources,
  bulk: BulkRecord,
): AsyncGenerator<ZipEntry> {
  const summary = new BulkSummaryCsv();
  const budget = { left: Number.POSITIVE_INFINITY };
  for (const site of bulk.sites) {
    const outcome = await from.lists.present.outcome(site);
    const presented = await from.lists.present.site(site, budget, outcome);
    const offered = offeredFormats(outcome);
    const folder = offered.length > 0 ? siteFolder(presented) : null;
    summary.add(presented, folder);
    if (!folder) continue;
    for (const format of offered) yield* formatFiles(from, site, format, folder);
  }
  yield { name: 'summary.csv', data: () => [summary.bytes()] };
}
