import { AppError, notFound, proRequired } from '@mapsmith/app';
import {
  isBulkListTooLong,
  isDefaultCrawlSettings,
  MAX_BULK_SITES,
  PLAN_LIMITS,
  pageCapFor,
  parseBulkList,
  plural,
  retryInWords,
  storageRefusalText,
} from '@mapsmith/core';
import type { AppContext } from '../../context.js';
import { zipStream } from '../../exports/zip-stream.js';
import { HttpResult } from '../../http/http-result.js';
import type { RouteTable } from '../../http/operation-route.js';
import { bindingRate, rateHeaders, retryAfter } from '../../limits/rate-headers.js';
import { refuseWhenLow } from '../../storage/refuse.js';
import { bulkZipEntries } from './download.js';
import { presentBulk } from './presenter.js';

/** Bulks `bulk.list` returns. */
const LIST_LIMIT = 50;

function bulkNeedsPro(): AppError {
  return proRequired(`Bulk crawls (up to ${MAX_BULK_SITES} sites from one list)`);
}

function bulkNotFound(): AppError {
  return notFound('No bulk crawl with this id', 'bulk.not-found');
}

/**
 * `POST /api/bulk` (a list of sites, one crawl each), `GET /api/bulk` (the user's bulks),
 * `GET /api/bulk/:bulkId` (the bulk page) and `GET /api/bulk/:bulkId/download` (one zip).
 * Pro only, session or API token. A bulk's sites count in their own hourly window (plans.ts
 * `bulkSitesPerHour`), one start per site, and the list is admitted whole or not at all.
 */
export function bulkRoutes(ctx: AppContext): RouteTable {
  const { bulks } = ctx.repos;
  const policy = ctx.policy;
  const notPro = bulkNeedsPro;

  return {
    'bulk.start': {
      notPro,
      handle: async ({ list, settings }, { user, res }) => {
        const parsed = parseBulkList(list, policy);
        if (isBulkListTooLong(parsed)) {
          throw new AppError(
            'bulk.too-many',
            'Too many sites',
            `The list holds ${plural(parsed.siteLines, 'site')}; a bulk crawl takes at most ${MAX_BULK_SITES}. Split it into smaller lists.`,
            { field: 'list' },
          );
        }
        const { sites, rejected } = parsed;
        if (sites.length === 0) {
          const first = rejected
            .slice(0, 3)
            .map((r) => `line ${r.line}: ${r.reason}`)
            .join('; ');
          throw new AppError(
            'bulk.empty',
            'No site to crawl',
            rejected.length
              ? `No line of the list is a site that can be crawled (${first}${rejected.length > 3 ? '; …' : ''}).`
              : 'The list is empty: put one site URL on each line.',
            { field: 'list' },
          );
        }
        await refuseWhenLow(ctx.disk, 'a bulk crawl');
        const started = await bulks.start({
          userId: user.id,
          sites,
          rejected,
          ...(settings && !isDefaultCrawlSettings(settings) ? { settings } : {}),
          pageCap: pageCapFor('pro', ctx.config.jobs.engineeringPageCap),
          sitesPerHour: PLAN_LIMITS.pro.bulkSitesPerHour,
        });
        if (!started.ok && started.reason === 'storage') {
          throw new AppError('limit.storage', 'Storage full', storageRefusalText(started.storage), {
            headers: rateHeaders(started.rate),
          });
        }
        if (!started.ok) {
          const wait = retryAfter(started.rate, Date.now());
          throw new AppError(
            'limit.hourly',
            'Too many bulk crawls',
            `Bulk lists start up to ${started.rate.limit} site crawls an hour; ${started.rate.remaining} are left, and this list has ${sites.length}. ${retryInWords(Number(wait['Retry-After']))}`,
            { headers: { ...rateHeaders(started.rate), ...wait } },
          );
        }
        ctx.jobs.pool.wake();
        return HttpResult.json(
          { bulkId: started.bulkId, accepted: sites.length, rejected },
          {
            status: 201,
            headers: rateHeaders(bindingRate(started.rate, res.locals.apiTokenRate)),
          },
        );
      },
    },

    'bulk.list': {
      notPro,
      handle: async (_input, { user }) => {
        const items = await bulks.list(user.id, LIST_LIMIT);
        return items.map(({ id, ...rest }) => ({ bulkId: id, ...rest }));
      },
    },

    'bulk.get': {
      notPro,
      handle: async ({ bulkId }, { user }) => {
        const bulk = await bulks.get(bulkId, user.id);
        if (!bulk) throw bulkNotFound();
        return presentBulk(ctx, bulk);
      },
    },

    // Issue 30: stopping a list stops each of its crawls not yet ended, as crawl.stop does.
    // Not Pro-only: a lapsed Pro user can still stop what runs on their account.
    'bulk.stop': async ({ bulkId }, { user }) => {
      const bulk = await bulks.get(bulkId, user.id);
      if (!bulk) throw bulkNotFound();
      const asked = await Promise.all(
        bulk.sites.map(({ job }) => ctx.repos.jobs.requestControl(job.id, user.id, 'stop')),
      );
      if (!asked.some((result) => result === 'done' || result === 'stopping'))
        throw new AppError(
          'bulk.ended',
          'Bulk crawl already ended',
          'Every crawl of this list has already ended, so there is nothing to stop.',
        );
      ctx.jobs.pool.wake();
      return presentBulk(ctx, (await bulks.get(bulkId, user.id)) ?? bulk);
    },

    'bulk.download': {
      notPro,
      handle: async ({ bulkId }, { user }) => {
        const bulk = await bulks.get(bulkId, user.id);
        if (!bulk) throw bulkNotFound();
        // Streamed: headers go now, then each site's files as they are read (no length known).
        return HttpResult.download(
          {
            contentType: 'application/zip',
            fileName: `mapsmith-bulk-${bulk.createdAt.slice(0, 10)}.zip`,
          },
          zipStream(bulkZipEntries(ctx, bulk)),
        );
      },
    },
  };
}
