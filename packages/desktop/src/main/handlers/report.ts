import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReportDownload } from '@mapsmith/app';
import type {
  CrawlCharts,
  ExportFile,
  ReportFilter,
  ReportFormat,
  ReportUrlDetail,
  ReportUrlsPage,
  UrlsQuery,
} from '@mapsmith/core';
import type { LocalData } from '../store/local-data';
import { LOCAL_USER_ID } from '../store/local-data';
import type { Dialogs } from './export';

/** What the report handlers need. */
export interface ReportDeps {
  data: LocalData;
  dialogs: Dialogs;
}

type ReportInput = ReportFilter & { jobId: string; format: ReportFormat };

/** `crawl.changes`: what changed since the previous crawl of the site (issue 13), as hosted. */
export function crawlChanges(deps: ReportDeps, input: { jobId: string; against?: string }) {
  return deps.data.answers.changes(input.jobId, LOCAL_USER_ID, input.against);
}

/** `crawl.urls`: one page of the URL table, answered by the application layer as hosted. */
export function crawlUrls(
  deps: ReportDeps,
  input: UrlsQuery & { jobId: string },
): Promise<ReportUrlsPage> {
  return deps.data.answers.urls(input, LOCAL_USER_ID);
}

/** `crawl.charts`: the figures of the report's charts (issue 29), as hosted. */
export function crawlCharts(deps: ReportDeps, input: { jobId: string }): Promise<CrawlCharts> {
  return deps.data.answers.charts(input.jobId, LOCAL_USER_ID);
}

/** `crawl.url`: one URL in detail. */
export function crawlUrl(
  deps: ReportDeps,
  input: { jobId: string; url: string },
): Promise<ReportUrlDetail> {
  return deps.data.answers.url(input, LOCAL_USER_ID);
}

async function* encoded(file: ReportDownload) {
  const encoder = new TextEncoder();
  for await (const chunk of file.text)
    yield typeof chunk === 'string' ? encoder.encode(chunk) : chunk;
}

/** `crawl.report`: the CSV or JSON Lines file as bytes (the renderer's download). */
export async function crawlReportFile(deps: ReportDeps, input: ReportInput): Promise<ExportFile> {
  return downloadBytes(await deps.data.answers.report(input, LOCAL_USER_ID));
}

/** A report file read whole into bytes, as the renderer's download takes it. */
export async function downloadBytes(file: ReportDownload): Promise<ExportFile> {
  const parts: Uint8Array[] = [];
  for await (const part of encoded(file)) parts.push(part);
  return { fileName: file.fileName, contentType: file.contentType, bytes: Buffer.concat(parts) };
}

/** `report.save`: streams the report into a folder the user picks; cancelling saves nothing. */
export async function saveReport(
  deps: ReportDeps,
  input: ReportInput,
): Promise<{ saved: boolean; path: string | null }> {
  const file = await deps.data.answers.report(input, LOCAL_USER_ID);
  const folder = await deps.dialogs.chooseFolder('Save the crawl report');
  if (!folder) return { saved: false, path: null };
  const target = path.join(folder, file.fileName);
  await pipeline(Readable.from(encoded(file), { highWaterMark: 1 }), fs.createWriteStream(target));
  return { saved: true, path: target };
}
