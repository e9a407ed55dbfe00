import path from 'node:path';
import { exportFileBytes, rethrowExportError } from '@mapsmith/app';
import { buildExport, type ExportFile, type ExportFormat } from '@mapsmith/core';
import { LOCAL_USER_ID, type LocalData } from '../store/local-data';
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
  data: LocalData;
  dialogs: Dialogs;
}

interface ExportInput {
  jobId: string;
  format: ExportFormat;
  compress?: boolean | undefined;
  part?: number | undefined;
}

/** The export a request asks for, once its job has completed (the application layer's rule). */
async function exportOf(deps: ExportDeps, input: ExportInput) {
  return deps.data.answers.exportOf(input, LOCAL_USER_ID, await currentPlan(deps));
}

/**
 * `export.generate`: one file of the chosen format, built from the job's complete records as
 * the hosted download is (app's `exportFileBytes`).
 */
export async function generateExport(deps: ExportDeps, input: ExportInput): Promise<ExportFile> {
  const { job, variant } = await exportOf(deps, input);
  return exportFileBytes(() => deps.data.answers.pages(job.id), variant, input.part);
}

/**
 * `export.save`: writes the export into a folder the user picks, streaming the records from
 * SQLite, split at 50,000 URLs with a sitemap index when needed. Cancelling saves nothing.
 */
export async function saveExport(
  deps: ExportDeps,
  input: ExportInput,
): Promise<{ saved: boolean; path: string | null }> {
  const { job, variant } = await exportOf(deps, input);
  const folder = await deps.dialogs.chooseFolder(`Save the ${input.format} export`);
  if (!folder) return { saved: false, path: null };
  const result = await buildExport(() => deps.data.answers.pages(job.id), variant, folder).catch(
    rethrowExportError,
  );
  return { saved: true, path: path.join(folder, result.entryFile) };
}
