/**
 * The API reference's words for the Pro operations beyond single crawls (bulk crawls, schedules,
 * the change report, and the audits of issue 14): the same `OperationDoc` entries as
 * `operation-docs.ts`, kept apart so each file stays readable.
 */
import { PLAN_LIMITS } from '../plans.js';
import type { RoutedOperationName } from './http-routes.js';
import type { OperationDoc } from './operation-docs.js';

const BULK = 'b7Kq2mN4xP9z';
const SCHEDULE = 7;
const SCHEDULE_FIELD = { id: 'The schedule’s id, as schedules.create answered it.' };
/** The client addresses of a schedule's report mail (issue 29). */
const REPORT_TO_FIELD = {
  reportTo:
    'Up to 10 client e-mail addresses mailed the run’s report after each completed run (none when absent): one mail per address with the summary, a report link that works for 30 days, and the address’s own unsubscribe link. An address that unsubscribed stays unsubscribed (listed in `reportUnsubscribed`) even when given again.',
};
const BULK_FIELD = { bulkId: 'The bulk run’s id, as bulk.start answered it.' };

/** Docs of the Pro operations beyond single crawls. */
export const PRO_OPERATION_DOCS: Readonly<Partial<Record<RoutedOperationName, OperationDoc>>> = {
  'bulk.start': {
    summary: 'Start a bulk crawl of many sites (Pro)',
    description: `One site URL a line (up to 100; blank lines and # comments are skipped, a bare host gets https://). Each good line becomes a crawl of its own; bad lines are reported with their line number and reason in \`rejected\` while the others start. Each site is admitted as a single crawl start is, in your one hourly window of crawl starts (single crawls count in it too): a site starts while the hour holds fewer than ${PLAN_LIMITS.pro.bulkSitesPerHour} starts. A list with a site refused is refused whole, and the refusal names that site.`,
    tag: 'Bulk crawls',
    errors: [
      'input.invalid',
      'auth.pro-required',
      'bulk.too-many',
      'bulk.empty',
      'limit.hourly',
      'limit.storage',
      'storage.full',
    ],
    created: true,
    example: { list: 'https://example.com/\nexample.org\n# a comment' },
    fields: {
      list: 'The sites, one URL a line (a CSV’s first column is read).',
      settings: 'Crawl settings every site of the list is crawled with (optional).',
    },
  },
  'bulk.list': {
    summary: 'List your bulk crawls (Pro)',
    tag: 'Bulk crawls',
    errors: ['auth.pro-required'],
  },
  'bulk.get': {
    summary: 'Get a bulk crawl: each site’s status, listed count, SEO score and changes (Pro)',
    tag: 'Bulk crawls',
    errors: ['input.invalid', 'auth.pro-required', 'bulk.not-found'],
    example: { bulkId: BULK },
    fields: BULK_FIELD,
  },
  'bulk.stop': {
    summary: 'Stop a bulk crawl: every crawl of the list that has not ended',
    description:
      'Each crawl of the list still waiting, running or paused is stopped as crawl.stop does; the finished ones stay as they are. 409 `bulk.ended` when every crawl of the list had already ended.',
    tag: 'Bulk crawls',
    errors: ['input.invalid', 'bulk.not-found', 'bulk.ended'],
    example: { bulkId: BULK },
    fields: BULK_FIELD,
  },
  'bulk.download': {
    summary: 'Download a bulk crawl as one zip: a folder per site and summary.csv (Pro)',
    tag: 'Bulk crawls',
    errors: ['input.invalid', 'auth.pro-required', 'bulk.not-found', 'storage.full'],
    download: 'zip',
    example: { bulkId: BULK },
    fields: BULK_FIELD,
  },
  'crawl.changes': {
    summary: 'What changed since the previous crawl of the same site, or since any other',
    description:
      'Added, removed, changed (the main text’s fingerprint differs) and newly excluded URLs against your previous completed crawl of the same start URL; `summary` is null on a first crawl. Filter the URL table with `change=` for the rows. With `against`, the comparison is with that completed crawl of the same site instead (not kept, and the rows keep their own change).',
    tag: 'Crawl report',
    errors: ['input.invalid', 'crawl.not-found', 'crawl.not-finished', 'crawl.other-site'],
    example: { jobId: 'mZ3c9qLw2xY1' },
    fields: {
      jobId: 'The crawl’s id, as crawl.start answered it.',
      against:
        'Another completed crawl of the same site to compare with; absent: the previous one.',
    },
  },
  'schedules.list': {
    summary: 'List your scheduled crawls (Pro)',
    tag: 'Schedules',
    errors: ['auth.pro-required'],
  },
  'schedules.create': {
    summary: 'Schedule a crawl: daily, weekly or monthly at a time of day in your time zone (Pro)',
    description:
      'Each run counts against your hourly crawl starts like any crawl; a run missed while the service was down runs once when it is back. After a run the schedule can publish its files at a stable URL, mail a summary, mail the report to up to 10 client addresses (`reportTo`) and submit changed URLs with IndexNow. Failed runs mail clients nothing.',
    tag: 'Schedules',
    errors: ['input.invalid', 'auth.pro-required', 'schedule.too-many'],
    fields: REPORT_TO_FIELD,
    created: true,
  },
  'schedules.update': {
    summary: 'Change a schedule (Pro)',
    description:
      'Sends the whole new definition. A staging password or header value sent back as the mask answers show (••••) keeps the one stored (a header by its name); type a new one to replace it.',
    tag: 'Schedules',
    errors: ['input.invalid', 'auth.pro-required', 'schedule.not-found'],
    fields: { ...SCHEDULE_FIELD, ...REPORT_TO_FIELD },
    example: { id: SCHEDULE },
  },
  'schedules.pause': {
    summary: 'Pause or resume a schedule (Pro)',
    tag: 'Schedules',
    errors: ['input.invalid', 'auth.pro-required', 'schedule.not-found'],
    fields: SCHEDULE_FIELD,
  },
  'schedules.delete': {
    summary: 'Delete a schedule and its published files (Pro)',
    tag: 'Schedules',
    errors: ['input.invalid', 'auth.pro-required', 'schedule.not-found'],
    fields: SCHEDULE_FIELD,
    example: { id: SCHEDULE },
  },
  'schedules.rotateToken': {
    summary: 'Give a schedule’s stable sitemap URL a new token; the old URL stops at once (Pro)',
    tag: 'Schedules',
    errors: ['input.invalid', 'auth.pro-required', 'schedule.not-found'],
    fields: SCHEDULE_FIELD,
    example: { id: SCHEDULE },
  },
  'audit.start': {
    summary: 'Audit a sitemap: the live status of every URL it lists (Pro)',
    description:
      'Give the sitemap by `url`, or its text as `content`. After the checker’s rules, every <loc> (children of an index too) is requested politely through the same guarded fetcher as crawls: robots.txt obeyed, a few requests per host at once, HEAD then GET. Each URL checked counts as a page on the monthly meter. Poll audit.get for progress.',
    tag: 'Audits',
    errors: ['input.invalid', 'auth.pro-required', 'limit.hourly', 'storage.full'],
    created: true,
    example: { url: 'https://example.com/sitemap.xml' },
  },
  'audit.get': {
    summary: 'Get an audit: progress, counts per verdict and its summary (Pro)',
    tag: 'Audits',
    errors: ['input.invalid', 'audit.not-found'],
  },
  'audit.stop': {
    summary: 'Stop an audit',
    description:
      'Ends a pending or running audit within seconds; the URLs checked so far keep their verdicts and the report lists them. 409 `audit.ended` when it had already ended.',
    tag: 'Audits',
    errors: ['input.invalid', 'audit.not-found', 'audit.ended'],
  },
  'audit.urls': {
    summary: 'Page through an audit’s URLs with their verdicts (Pro)',
    tag: 'Audits',
    errors: ['input.invalid', 'audit.not-found'],
  },
  'audit.report': {
    summary: 'Download an audit’s URLs and verdicts as CSV (Pro)',
    tag: 'Audits',
    errors: ['input.invalid', 'audit.not-found'],
    download: 'csv',
  },
  'crawl.sitemapCompare': {
    summary: 'Set the site’s live sitemaps beside a finished crawl (Pro)',
    description:
      'Starts a job that reads the site’s own sitemaps (robots.txt Sitemap: lines, /sitemap.xml, indexes, text and RSS/Atom) and compares them with the crawl: listed but not indexable, never linked, missing, listed twice, lastmod newer than the content change. It answers at once with the job’s `state` (`waiting`, `comparing`, `done`, `failed` with its `error`); poll crawl.sitemapFindings, whose `run` carries the same state, until it is `done`. The findings join the URL table (`sitemap=` filter). One comparison at a time per user: a start for the crawl already being compared joins that job; a start for another crawl meanwhile answers 409 `sitemap-compare.busy`.',
    tag: 'Audits',
    errors: [
      'input.invalid',
      'auth.pro-required',
      'crawl.not-found',
      'crawl.not-finished',
      'sitemap-compare.busy',
    ],
  },
  'crawl.sitemapFindings': {
    summary: 'Page through the live-sitemap findings of a crawl (Pro)',
    description:
      'The findings of the last comparison done, with `run`: the state of the crawl’s comparison job (null when none was started). While it is `waiting` or `comparing`, poll again; the findings shown are the previous comparison’s, if any.',
    tag: 'Audits',
    errors: ['input.invalid', 'crawl.not-found'],
  },
  'crawl.sitemapReport': {
    summary: 'Download the live-sitemap findings of a crawl as CSV (Pro)',
    tag: 'Audits',
    errors: ['input.invalid', 'crawl.not-found'],
    download: 'csv',
  },
};
