/**
 * Schemas of scheduled crawls (issue 13, hosted only, Pro): a site crawled daily, weekly on a
 * weekday or monthly on a day at a time of day in the user's time zone, with the crawl settings
 * of `crawl-settings.ts` and what to do after each run.
 */
import { z } from 'zod';
import { isTimeZone } from '../schedule/next-run.js';
import { changeSummary } from './change-schemas.js';
import { crawlSettings, crawlSettingsKeepingSecrets } from './crawl-settings.js';
import { reportRecipientsInput } from './report-recipients.js';
import { siteUrl } from './schemas.js';

/** How often a schedule runs. */
export const SCHEDULE_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;

/** What a schedule does after each completed run. */
export const scheduleActions = z
  .object({
    /** Keep the latest sitemap files at the schedule's stable URL (`/s/{token}/sitemap.xml`). */
    publish: z.boolean({ error: 'publish is true or false' }),
    /** Mail the owner a summary of the run and its changes. */
    mail: z.boolean({ error: 'mail is true or false' }),
    /** Submit the added and changed URLs with IndexNow when the site's key file is live. */
    indexNow: z.boolean({ error: 'indexNow is true or false' }),
  })
  .strict();
/** What a schedule does after each run. */
export type ScheduleActions = z.infer<typeof scheduleActions>;

const timing = {
  frequency: z.enum(SCHEDULE_FREQUENCIES, { error: 'Frequency is daily, weekly or monthly' }),
  /** 0 (Sunday) to 6 (Saturday); required for weekly. */
  weekday: z
    .number({ error: 'The weekday is a number from 0 (Sunday) to 6 (Saturday)' })
    .int('The weekday is a number from 0 (Sunday) to 6 (Saturday)')
    .min(0, 'The weekday is a number from 0 (Sunday) to 6 (Saturday)')
    .max(6, 'The weekday is a number from 0 (Sunday) to 6 (Saturday)')
    .nullable()
    .optional(),
  /** 1 to 31; required for monthly (a shorter month runs on its last day). */
  monthDay: z
    .number({ error: 'The day of the month is a number from 1 to 31' })
    .int('The day of the month is a number from 1 to 31')
    .min(1, 'The day of the month is a number from 1 to 31')
    .max(31, 'The day of the month is a number from 1 to 31')
    .nullable()
    .optional(),
  /** Local time of day, `HH:MM` (24-hour). */
  time: z
    .string({ error: 'The time is HH:MM, 24-hour' })
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'The time is HH:MM, 24-hour (for example 06:30)'),
  /** IANA time zone of the user, e.g. `Europe/Berlin`. */
  timeZone: z
    .string({ error: 'The time zone is required' })
    .max(64, 'The time zone is not one we know')
    .refine(
      isTimeZone,
      'The time zone is not one we know (use an IANA name such as Europe/Berlin)',
    ),
};

/** A weekly schedule names its weekday, a monthly one its day. */
function checkTiming(
  value: { frequency?: string; weekday?: number | null; monthDay?: number | null },
  ctx: z.RefinementCtx,
): void {
  if (value.frequency === 'weekly' && (value.weekday === undefined || value.weekday === null))
    ctx.addIssue({
      code: 'custom',
      message: 'A weekly schedule needs a weekday',
      path: ['weekday'],
    });
  if (value.frequency === 'monthly' && (value.monthDay === undefined || value.monthDay === null))
    ctx.addIssue({
      code: 'custom',
      message: 'A monthly schedule needs a day of the month',
      path: ['monthDay'],
    });
}

const fields = z.object({
  url: siteUrl,
  ...timing,
  settings: crawlSettings.optional(),
  after: scheduleActions,
  /** Client addresses mailed the run's report after each completed run (none when absent). */
  reportTo: reportRecipientsInput.optional(),
});

/** `schedules.create` input. */
export const scheduleCreateInput = fields.strict().superRefine(checkTiming);
/** A new schedule. */
export type ScheduleCreateInput = z.infer<typeof scheduleCreateInput>;

const scheduleRef = { id: z.string().min(1).max(64) };

/**
 * `schedules.update` input: the schedule, and the whole of its new definition. A password or
 * header value sent as the mask answers show keeps the stored one (`keepStoredSecrets`).
 */
export const scheduleUpdateInput = fields
  .extend({ ...scheduleRef, settings: crawlSettingsKeepingSecrets.optional() })
  .strict()
  .superRefine(checkTiming);

/** `schedules.pause` input: pause (true) or resume (false). */
export const schedulePauseInput = z
  .object({ ...scheduleRef, paused: z.boolean({ error: 'paused is true or false' }) })
  .strict();

/** Input naming one schedule. */
export const scheduleRefInput = z.object(scheduleRef).strict();

/**
 * A schedule's state: `active`; `paused` by its owner; `pro-ended` while its owner has no Pro
 * (it resumes by itself when Pro returns); `running` while a run's crawl is going.
 */
export const SCHEDULE_STATES = ['active', 'paused', 'pro-ended', 'running'] as const;

/** A schedule as the API returns it. */
export const schedule = z.object({
  id: z.string(),
  url: z.string(),
  frequency: z.enum(SCHEDULE_FREQUENCIES),
  weekday: z.number().nullable(),
  monthDay: z.number().nullable(),
  time: z.string(),
  timeZone: z.string(),
  settings: crawlSettings,
  after: scheduleActions,
  /** The client addresses mailed the report after each completed run, as entered. */
  reportTo: z.array(z.string()),
  /** Addresses that followed the unsubscribe link of a report: they get no further mail. */
  reportUnsubscribed: z.array(z.object({ email: z.string(), at: z.string() })),
  state: z.enum(SCHEDULE_STATES),
  /** When the next run is due (ISO); null while paused or while Pro has ended. */
  nextRunAt: z.string().nullable(),
  /** The crawl job of the run going on now, or null. */
  runningJobId: z.string().nullable(),
  /** The crawl job of the last completed or failed run, or null before the first. */
  lastJobId: z.string().nullable(),
  /** When the last run started (ISO), or null. */
  lastRunAt: z.string().nullable(),
  /**
   * The slot the last run was due at when it started late (ISO): the app or the server was not
   * running then, or the previous run had not ended; missed slots run once. Null when on time.
   */
  lateSlotAt: z.string().nullable(),
  /** Why the last run could not start or failed, in plain words; null when it went well. */
  lastError: z.string().nullable(),
  /** The change figures of the last completed run, or null. */
  lastChanges: changeSummary.nullable(),
  /** The stable sitemap URL (with `after.publish`), whether or not files are published yet. */
  sitemapUrl: z.string().nullable(),
  /** When files were last published at `sitemapUrl` (ISO), or null. */
  publishedAt: z.string().nullable(),
  createdAt: z.string(),
});
/** A schedule as the API returns it. */
export type Schedule = z.infer<typeof schedule>;
