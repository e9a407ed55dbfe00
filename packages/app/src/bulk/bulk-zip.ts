import { type ExportVariant, NothingToListError, type Plan } from '@mapsmith/core';
import type { BulkLists } from './bulk-lists.js';
import { BulkSummaryCsv, offeredFormats, siteFolder } from './bulk-summary.js';
import type { BulkRecord } from './ports.js';
import type { BulkRecordSite } from './present-bulk.js';
import type { ZipEntry } from './zip-stream.js';

/** One file of a site's export, ready to read: its name, bytes and, for an index, its parts. */
export interface OpenedExportFile {
  fileName: string;
  stream: AsyncIterable<Uint8Array>;
  /** When this file is the index of a split sitemap: how many parts it lists. */
  parts?: number;
}

/**
 * Opens one file of a job's export (the entry file, or part `part`), each shell its own way:
 * the server from its export cache, the desktop from a build in a throwaway folder. Resolves
 * null when that part does not exist; rejects with `NothingToListError` when nothing is listed.
 */
export type OpenExportFile = (
  job: { userId: number; jobId: string },
  variant: ExportVariant,
  part: number | undefined,
) => Promise<OpenedExportFile | null>;

/** Where a bulk's zip reads from: its use cases, the shell's export opener, the owner's plan. */
export interface BulkZipSources {
  lists: BulkLists;
  open: OpenExportFile;
  plan: Plan;
}

/**
 * One format's files of a site, through the one export path of `export.get`: the variant
 * `CrawlAnswers.exportsOf` gives, the entry file, then each part a split sitemap lists, with
 * the names a single download has. A format with nothing to list adds no file.
 */
async function* formatFiles(
  from: BulkZipSources,
  site: BulkRecordSite,
  variant: ExportVariant,
  folder: string,
): AsyncGenerator<ZipEntry> {
  const { job } = site;
  const open = (part: number | undefined) =>
    from.open({ userId: job.userId, jobId: job.id }, variant, part);
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
    const { variants } = await from.lists.crawlAnswers.exportsOf(
      { jobId: site.job.id, formats: offered },
      site.job.userId,
      from.plan,
    );
    for (const variant of variants) yield* formatFiles(from, site, variant, folder);
  }
  yield { name: 'summary.csv', data: () => [summary.bytes()] };
}

/** The file name of a bulk's zip: the day the list was started. */
export function bulkZipName(bulk: Pick<BulkRecord, 'createdAt'>): string {
  return `mapsmith-bulk-${bulk.createdAt.slice(0, 10)}.zip`;
}
