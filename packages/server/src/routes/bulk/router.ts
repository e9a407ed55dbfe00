import {
  BULK_FEATURE,
  BulkLists,
  bulkZipEntries,
  bulkZipName,
  type OpenExportFile,
  proRequired,
  rateHeaders,
  zipStream,
} from '@mapsmith/app';
import type { AppContext } from '../../context.js';
import { HttpResult } from '../../http/http-result.js';
import type { RouteTable } from '../../http/operation-route.js';
import { planOf } from '../../limits/plan.js';
import { bindingRate } from '../../limits/rate-headers.js';
import { withStartRateHeaders } from '../../limits/start-refusal.js';
import { refuseWhenLow } from '../../storage/refuse.js';
import { openExport } from '../generate/export-file.js';

/** The refusal of bulk lists to a plan without them (403 `auth.pro-required`). */
function bulkNeedsPro() {
  return proRequired(BULK_FEATURE);
}

/**
 * `POST /api/bulk` (a list of sites, one crawl each), `GET /api/bulk` (the user's bulks),
 * `GET /api/bulk/:bulkId` (the bulk page), its stop and `GET /api/bulk/:bulkId/download` (one
 * zip). Pro only, session or API token. The use cases are app's `BulkLists`: each site of a
 * list is admitted as a single crawl start, in the one hourly window, all or none.
 */
export function bulkRoutes(ctx: AppContext): RouteTable {
  const lists = new BulkLists(ctx.repos, { now: Date.now }, ctx.policy, () => ctx.jobs.pool.wake());
  const notPro = bulkNeedsPro;

  return {
    'bulk.start': {
      notPro,
      handle: async ({ list, settings }, { user, res }) => {
        // Refused before a start is counted: a full disk is ours to fix, not the user's hour.
        await refuseWhenLow(ctx.disk, 'a bulk crawl');
        const { rate, ...started } = await lists
          .start({
            userId: user.id,
            plan: planOf(user),
            list,
            settings,
            engineeringCap: ctx.config.jobs.engineeringPageCap,
          })
          .catch(withStartRateHeaders(res.locals.apiTokenRate));
        const headers = rateHeaders(bindingRate(rate, res.locals.apiTokenRate));
        return HttpResult.json(started, { status: 201, headers });
      },
    },

    'bulk.list': { notPro, handle: (_input, { user }) => lists.list(user.id) },
    'bulk.get': { notPro, handle: ({ bulkId }, { user }) => lists.get(bulkId, user.id) },

    // Issue 30: stopping a list stops each of its crawls not yet ended, as crawl.stop does.
    // Not Pro-only: a lapsed Pro user can still stop what runs on their account.
    'bulk.stop': ({ bulkId }, { user }) => lists.stop(bulkId, user.id),

    'bulk.download': {
      notPro,
      handle: async ({ bulkId }, { user }) => {
        const bulk = await lists.record(bulkId, user.id);
        const open: OpenExportFile = (job, variant, part) =>
          openExport(ctx.exports, job, variant, () => lists.crawlAnswers.pages(job.jobId), part);
        const from = { lists, open, plan: planOf(user) };
        // Streamed: headers go now, then each site's files as they are read (no length known).
        return HttpResult.download(
          {
            contentType: 'application/zip',
            fileName: bulkZipName(bulk),
          },
          zipStream(bulkZipEntries(from, bulk)),
        );
      },
    },
  };
}
