import path from 'node:path';
import { gzipSync } from 'node:zlib';
import {
  canGzip,
  type ExportFile,
  type ExportFormat,
  type ExportOptions,
  exporters,
  exportFileName,
  hasUniformLastmod,
  NothingToListError,
  PLAN_LIMITS,
  renderExport,
  writeExport,
} from '@mapsmith/core';
import { HandlerError } from '../errors';
import { type AccountDeps, currentPlan } from './account';

/** The native dialogs the save handler uses (Electron's `dialog` in the app). */
export interface Dialogs {
  /** Asks for a folder to save exports into; null when the user cancels. */
  chooseFolder(title: string): Promise<string | null>;
  /** Asks for a sitemap file to open; null when the user cancels. */
  chooseFile(title: string): Promise<string | null>;
}

/** What the export handlers need. */
export interface ExportDeps extends AccountDeps {
  dialogs: Dialogs;
}

interface ExportInput {
  jobId: string;
  format: ExportFormat;
  compress?: boolean | undefined;
}

async function exportOptions(deps: ExportDeps, input: ExportInput): Promise<ExportOptions> {
  const job = await deps.store.getJob(input.jobId);
  if (!job) throw new HandlerError(404, 'Crawl job not found', undefined, 'crawl.not-found');
  if (job.status !== 'completed') {
    throw new HandlerError(
      409,
      'Crawl not finished',
      'Exports are ready once the crawl has completed.',
      'crawl.not-finished',
    );
  }
  const plan = await currentPlan(deps);
  const rssItems = PLAN_LIMITS[plan].rssItems;
  // The plan's RSS cap (100 most recent items on free) is the same rule the hosted export applies.
  return rssItems === null ? {} : { rssLimit: rssItems };
}

/** Rethrows `err`; a sitemap with nothing to list becomes a 422 saying why, as the hosted app answers. */
function rethrowExportError(err: unknown): never {
  if (err instanceof NothingToListError)
    throw new HandlerError(422, 'Nothing to list', err.message, 'export.nothing-to-list');
  throw err;
}

/**
 * `export.generate`: one file of the chosen format from the local results, through the core's
 * exporter registry (the same one the hosted export uses), gzipped when asked and allowed.
 */
export async function generateExport(deps: ExportDeps, input: ExportInput): Promise<ExportFile> {
  const options = await exportOptions(deps, input);
  const gzip = Boolean(input.compress) && canGzip(input.format);
  const pages = await deps.store.pages(input.jobId);
  let text: string;
  try {
    text = renderExport(input.format, pages, {
      ...options,
      omitLastmod: await hasUniformLastmod(pages),
    });
  } catch (err) {
    rethrowExportError(err);
  }
  const bytes = new TextEncoder().encode(text);
  return {
    fileName: exportFileName(input.format, gzip),
    contentType: gzip ? 'application/gzip' : exporters[input.format].contentType,
    bytes: gzip ? new Uint8Array(gzipSync(bytes)) : bytes,
  };
}

/**
 * `export.save`: writes the export into a folder the user picks, streaming the records from
 * SQLite, split at 50,000 URLs with a sitemap index when needed. Cancelling saves nothing.
 */
export async function saveExport(
  deps: ExportDeps,
  input: ExportInput,
): Promise<{ saved: boolean; path: string | null }> {
  const options = await exportOptions(deps, input);
  const folder = await deps.dialogs.chooseFolder(`Save the ${input.format} export`);
  if (!folder) return { saved: false, path: null };
  const result = await writeExport({
    ...options,
    format: input.format,
    pages: deps.store.iteratePages(input.jobId),
    omitLastmod: await hasUniformLastmod(deps.store.iteratePages(input.jobId)),
    outDir: folder,
    gzip: Boolean(input.compress),
  }).catch(rethrowExportError);
  return { saved: true, path: path.join(folder, result.entryFile) };
}
