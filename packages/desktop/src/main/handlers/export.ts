import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  buildExport,
  canGzip,
  type ExportFile,
  type ExportFormat,
  type ExportVariant,
  exportContentType,
  exportDownloadName,
  NothingToListError,
  PLAN_LIMITS,
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
  part?: number | undefined;
}

/** The export a request asks for, once its job is known to be complete. */
async function exportVariant(deps: ExportDeps, input: ExportInput): Promise<ExportVariant> {
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
  return {
    format: input.format,
    gzip: Boolean(input.compress) && canGzip(input.format),
    // The plan's RSS cap (100 most recent items on free) is the rule the hosted export applies.
    rssLimit: PLAN_LIMITS[plan].rssItems,
  };
}

/** Rethrows `err`; a sitemap with nothing to list becomes a 422 saying why, as the hosted app answers. */
function rethrowExportError(err: unknown): never {
  if (err instanceof NothingToListError)
    throw new HandlerError(422, 'Nothing to list', err.message, 'export.nothing-to-list');
  throw err;
}

/**
 * `export.generate`: one file of the chosen format, built from the local results by the core's
 * `buildExport` as the hosted download is: split at 50,000 URLs or 50 MB with a sitemap index
 * (the index says how many parts it lists; `part` gives each), gzipped when asked and allowed.
 * The build goes to a throwaway folder, streamed from SQLite, so memory stays flat.
 */
export async function generateExport(deps: ExportDeps, input: ExportInput): Promise<ExportFile> {
  const variant = await exportVariant(deps, input);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'mapsmith-export-'));
  try {
    const built = await buildExport(() => deps.store.iteratePages(input.jobId), variant, dir).catch(
      rethrowExportError,
    );
    const fileName = exportDownloadName(variant, input.part);
    if (!built.files.includes(fileName)) {
      throw new HandlerError(
        404,
        'Not found',
        `This export has no part ${input.part}`,
        'export.no-part',
      );
    }
    const parts = input.part === undefined ? built.files.length - 1 : 0;
    return {
      fileName,
      contentType: exportContentType(variant.format, variant.gzip),
      bytes: new Uint8Array(await readFile(path.join(dir, fileName))),
      ...(parts > 0 ? { parts } : {}),
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * `export.save`: writes the export into a folder the user picks, streaming the records from
 * SQLite, split at 50,000 URLs with a sitemap index when needed. Cancelling saves nothing.
 */
export async function saveExport(
  deps: ExportDeps,
  input: ExportInput,
): Promise<{ saved: boolean; path: string | null }> {
  const variant = await exportVariant(deps, input);
  const folder = await deps.dialogs.chooseFolder(`Save the ${input.format} export`);
  if (!folder) return { saved: false, path: null };
  const result = await buildExport(
    () => deps.store.iteratePages(input.jobId),
    variant,
    folder,
  ).catch(rethrowExportError);
  return { saved: true, path: path.join(folder, result.entryFile) };
}
