import type { CrawlJobRecord, ScheduleRecord } from '@mapsmith/app';
import { clientReportMail } from '../mail/client-report-mail.js';
import type { AfterRunDeps } from './after-run.js';

/** How long the report link in a client's mail opens the report. */
export const REPORT_LINK_DAYS = 30;

/**
 * The report page of a run for people without an account (issue 29 point 3, built by the
 * share links): a link that stops working at `expiresAt`, and the owner's branding.
 */
export interface ReportSharing {
  /** A new read-only link to the owner's crawl `jobId`, valid until `expiresAt`. */
  link(ownerId: number, jobId: string, expiresAt: Date): Promise<string>;
  /** The agency name the owner brands reports with, or null (the report then says Mapsmith). */
  brandName(ownerId: number): Promise<string | null>;
}

/** The public page that unsubscribes the address of `token` (it confirms before it does). */
export function unsubscribeUrl(siteUrl: string, token: string): string {
  return `${siteUrl}/unsubscribe/${token}`;
}

/** "December 26, 2026" (UTC). */
function dayWords(at: Date): string {
  return at.toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/**
 * Mails the report of a completed run to each of the schedule's client addresses that has not
 * unsubscribed, one message per address through the app's one mailer. Failed runs mail clients
 * nothing (after-run.ts says why). Resolves with what went wrong in words, or null.
 */
export async function mailClientReports(
  deps: AfterRunDeps,
  schedule: ScheduleRecord,
  job: CrawlJobRecord,
  run: { listed: number; changes: string },
  now = new Date(),
): Promise<string | null> {
  const recipients = (await deps.recipients.list(schedule.id)).filter((r) => !r.unsubscribedAt);
  if (recipients.length === 0) return null;
  const owner = await deps.schedules.owner(schedule.userId);
  if (!owner) return null;
  const analysis = await deps.answers.seo(job.id, schedule.userId).catch((err: unknown) => {
    deps.logger.warn('no SEO score for the client report', { job: job.id, error: String(err) });
    return null;
  });
  const until = new Date(now.getTime() + REPORT_LINK_DAYS * 86_400_000);
  const report = deps.sharing
    ? { link: await deps.sharing.link(schedule.userId, job.id, until), until: dayWords(until) }
    : null;
  const brand = deps.sharing ? await deps.sharing.brandName(schedule.userId) : null;
  const failed: string[] = [];
  for (const r of recipients) {
    const mail = clientReportMail(r.email, {
      url: job.url,
      sender: brand ?? `${owner.username} (via Mapsmith)`,
      score: analysis?.score ?? null,
      issues: analysis?.issues.length ?? 0,
      pages: analysis?.stats.totalPages ?? run.listed,
      listed: run.listed,
      changes: run.changes,
      report,
      unsubscribeLink: unsubscribeUrl(deps.siteUrl(), r.token),
    });
    await deps.mailer.send(mail).catch((err: unknown) => {
      failed.push(r.email);
      deps.logger.error('client report mail failed', {
        schedule: schedule.id,
        error: String(err),
      });
    });
  }
  return failed.length > 0 ? `the report could not be mailed to ${failed.join(', ')}` : null;
}
