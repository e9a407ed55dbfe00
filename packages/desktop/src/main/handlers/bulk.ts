import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { BULK_FEATURE, BulkLists, bulkZipName, proRequired } from '@mapsmith/app';
import type { CrawlSettings, ExportFile } from '@mapsmith/core';
import { LOCAL_USER_ID } from '../store/local-data';
import { currentPlan } from './account';
import { writeBulkZip } from './bulk-zip-file';
import type { CrawlDeps } from './crawl';
import type { ExportDeps } from './export';

/** What the bulk handlers need: the local data, the crawl runner and the save dialog. */
export type BulkDeps = CrawlDeps & ExportDeps;

/** A bulk's reference in the contract. */
type BulkRef = { bulkId: string };

/** The app's bulk use cases over the local data; its sites are crawls the local runner claims. */
function lists(deps: BulkDeps): BulkLists {
  const { jobs, usage, bulks } = deps.data;
  return new BulkLists({ jobs, usage, bulks }, deps, deps.policy, () => deps.crawls.wake());
}

/**
 * The plan of the local user, refused with the hosted `auth.pro-required` when it is not Pro:
 * the desktop is free until a Pro account is linked (decisions.md), and the way out is linking.
 */
async function proPlan(deps: BulkDeps): Promise<'pro'> {
  const plan = await currentPlan(deps);
  if (plan === 'pro') return plan;
  throw proRequired(BULK_FEATURE, {
    advice:
      'Link a Pro account with an API token (the Link Pro account button) to run them in the desktop app.',
  });
}

/** `bulk.start`: the list, each site admitted as a single local start would be, all or none. */
export async function startBulk(deps: BulkDeps, input: { list: string; settings?: CrawlSettings }) {
  const plan = await proPlan(deps);
  const { list, settings } = input;
  const { engineeringCap } = deps;
  // The user's own disk: no storage budget, as a single local start.
  const request = { userId: LOCAL_USER_ID, plan, list, settings, engineeringCap, ownDisk: true };
  const { rate: _rate, ...started } = await lists(deps).start(request);
  return started;
}

/** `bulk.list`: the local user's bulks, newest first. */
export async function listBulks(deps: BulkDeps) {
  await proPlan(deps);
  return lists(deps).list(LOCAL_USER_ID);
}

/** `bulk.get`: the bulk page. */
export async function getBulk(deps: BulkDeps, input: BulkRef) {
  await proPlan(deps);
  return lists(deps).get(input.bulkId, LOCAL_USER_ID);
}

/** `bulk.stop`: stops each crawl of the list not yet ended; not Pro-only, as hosted. */
export function stopBulk(deps: BulkDeps, input: BulkRef) {
  return lists(deps).stop(input.bulkId, LOCAL_USER_ID);
}

/** `bulk.download`: the zip's bytes (the renderer's download, as `export.generate`). */
export async function downloadBulk(deps: BulkDeps, input: BulkRef): Promise<ExportFile> {
  const plan = await proPlan(deps);
  const bulks = lists(deps);
  const bulk = await bulks.record(input.bulkId, LOCAL_USER_ID);
  const chunks: Uint8Array[] = [];
  await writeBulkZip(bulks, bulk, plan, async (zip) => {
    for await (const chunk of zip) chunks.push(chunk);
  });
  const bytes = new Uint8Array(Buffer.concat(chunks));
  return { fileName: bulkZipName(bulk), contentType: 'application/zip', bytes };
}

/** `bulk.save`: writes the zip into a folder the user picks; cancelling saves nothing. */
export async function saveBulk(deps: BulkDeps, input: BulkRef) {
  const plan = await proPlan(deps);
  const bulks = lists(deps);
  const bulk = await bulks.record(input.bulkId, LOCAL_USER_ID);
  const folder = await deps.dialogs.chooseFolder('Save the bulk crawl (zip)');
  if (!folder) return { saved: false, path: null };
  const file = path.join(folder, bulkZipName(bulk));
  await writeBulkZip(bulks, bulk, plan, (zip) => writeFile(file, zip));
  return { saved: true, path: file };
}
