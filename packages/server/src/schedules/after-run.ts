import {
  type CrawlAnswers,
  type CrawlJobRecord,
  type CrawlJobRepository,
  type PublishDeps,
  publishRun,
  type ReportRecipientRepository,
  type ScheduleRecord,
  type ScheduleRepository,
  type SiteKeyRepository,
  stableSitemapUrl,
} from '@mapsmith/app';
import {
  type ChangeSummary,
  changeSummaryWords,
  type HttpFetcher,
  type Logger,
  NothingToListError,
} from '@mapsmith/core';
import type { Mailer } from '../mail/mailer.js';
import { scheduleFailedMail, scheduleRunMail } from '../mail/messages.js';
import { submitForSite } from '../notify/site-submission.js';
import { mailClientReports, type ReportSharing } from './client-report.js';

/** What the after-run actions use. */
export interface AfterRunDeps extends PublishDeps {
  jobs: CrawlJobRepository;
  /** The IndexNow key of each site (the key file the run's submission names). */
  siteKeys: SiteKeyRepository;
  schedules: ScheduleRepository;
  /** The client addresses mailed the report after each completed run. */
  recipients: ReportRecipientRepository;
  /** The SEO analysis of a run, computed once and kept (the report's score). */
  answers: Pick<CrawlAnswers, 'seo'>;
  /** Share links and branding for the client mail; absent, the mail has no report link. */
  sharing?: ReportSharing;
  mailer: Mailer;
  /** The SSRF-guarded fetcher for the site's IndexNow key file. */
  fetcher: HttpFetcher;
  indexNowEndpoint: string;
  logger: Logger;
}

/** Submits the run's added and changed URLs once the site's key file is live; says what happened. */
async function submitChanges(
  deps: AfterRunDeps,
  schedule: ScheduleRecord,
  job: CrawlJobRecord,
  summary: ChangeSummary | null,
): Promise<string> {
  if (!summary) return 'nothing submitted: this first run has no earlier crawl to compare with.';
  const host = new URL(job.url).host.toLowerCase();
  const urls = (await deps.jobs.changedListedUrls(job.id)).filter(
    (u) => new URL(u).host.toLowerCase() === host,
  );
  if (urls.length === 0) return 'nothing submitted: no URL was added or changed.';
  const submission = await submitForSite(deps, {
    userId: schedule.userId,
    siteUrl: job.url,
    urls,
    event: 'scheduled indexnow submission',
  });
  if (submission.sent) return submission.result.message;
  return `not submitted: ${submission.reason}. Publish a text file at ${submission.keyLocation} containing exactly ${submission.key}.`;
}

/**
 * A failed run: the owner is told (when the schedule mails), nothing is published, and the
 * client addresses get nothing: there is no report to send them, the owner already hears why,
 * and the cause (refused staging credentials, the site down for a minute) is the owner's to
 * judge before a client is alarmed. The next completed run's mail compares with the last
 * completed crawl, so clients miss no change.
 */
async function afterFailedRun(
  deps: AfterRunDeps,
  schedule: ScheduleRecord,
  job: CrawlJobRecord,
): Promise<string> {
  const problem = `The crawl failed: ${job.error ?? 'no reason given'}`;
  const owner = schedule.after.mail ? await deps.schedules.owner(schedule.userId) : undefined;
  if (owner) {
    const link = `${deps.siteUrl()}/crawls/${job.id}`;
    const mail = scheduleFailedMail(owner.email, owner.username, {
      url: job.url,
      reason: job.error ?? 'no reason given',
      link,
    });
    await deps.mailer.send(mail).catch((err: unknown) => {
      deps.logger.error('schedule mail failed', { schedule: schedule.id, error: String(err) });
    });
  }
  return problem;
}

/**
 * The after-run actions of an ended scheduled run, each on its own so one failing does not
 * stop the others: publish the files at the stable URL, submit added and changed URLs with
 * IndexNow, mail the summary (saying what failed). A failed crawl only mails why. Resolves with
 * the problems in words, or null.
 */
export async function afterRun(
  deps: AfterRunDeps,
  schedule: ScheduleRecord,
  job: CrawlJobRecord,
): Promise<string | null> {
  if (job.status === 'failed') return afterFailedRun(deps, schedule, job);
  const problems: string[] = [];
  const { summary } = await deps.jobs.changes(job.id);
  let published = false;
  if (schedule.after.publish) {
    try {
      await publishRun(deps, schedule, job.id);
      published = true;
    } catch (err) {
      problems.push(
        err instanceof NothingToListError
          ? 'the crawl listed no URL, so the published sitemap was left as it was'
          : 'the sitemap files could not be published; the previous files are still served',
      );
      if (!(err instanceof NothingToListError))
        deps.logger.error('schedule publish failed', { schedule: schedule.id, error: String(err) });
    }
  }
  let indexNow: string | null = null;
  if (schedule.after.indexNow) {
    indexNow = await submitChanges(deps, schedule, job, summary).catch(
      (err: unknown) => `not submitted: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
  const listed =
    (await deps.jobs.report().counts(job.id)).counts.find((c) => c.reason === 'listed')?.count ?? 0;
  const changes = summary
    ? changeSummaryWords(summary)
    : 'this was the first crawl of the site, so nothing to compare yet';
  const clients = await mailClientReports(deps, schedule, job, { listed, changes }).catch(
    (err: unknown) => {
      deps.logger.error('client report mail failed', { schedule: schedule.id, error: String(err) });
      return 'the report could not be mailed to your clients';
    },
  );
  if (clients) problems.push(clients);
  const problem = problems.length > 0 ? problems.join('; ') : null;
  if (schedule.after.mail) {
    const owner = await deps.schedules.owner(schedule.userId);
    if (owner) {
      const mail = scheduleRunMail(owner.email, owner.username, {
        url: job.url,
        listed,
        changes,
        link: `${deps.siteUrl()}/crawls/${job.id}`,
        sitemapUrl: published ? stableSitemapUrl(deps.siteUrl(), schedule.token) : null,
        indexNow,
        problem,
      });
      await deps.mailer.send(mail).catch((err: unknown) => {
        problems.push('the summary mail could not be sent');
        deps.logger.error('schedule mail failed', { schedule: schedule.id, error: String(err) });
      });
    }
  }
  return problems.length > 0 ? `After the crawl, ${problems.join('; ')}.` : null;
}
