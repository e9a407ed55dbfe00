import { plural } from '@mapsmith/core';
import type { MailMessage } from './mailer.js';

/** What the report mail to one of a schedule's client addresses says (issue 29 point 3). */
export interface ClientReportFacts {
  /** The crawled site. */
  url: string;
  /** Who sends it: the agency's name when the owner brands reports, else the owner's name. */
  sender: string;
  /** SEO score out of 100, or null when it could not be computed. */
  score: number | null;
  /** SEO issues found (rules with affected URLs). */
  issues: number;
  /** Pages crawled and URLs listed in the sitemap. */
  pages: number;
  listed: number;
  /** "12 added, 3 removed, 41 changed", or why there is nothing to compare. */
  changes: string;
  /** The read-only report page and the day its link stops working; null without one. */
  report: { link: string; until: string } | null;
  /** This address's own unsubscribe page. */
  unsubscribeLink: string;
}

/**
 * The report of one scheduled run, mailed to one client address: the site, the run in a few
 * lines, the report link and the unsubscribe link, which the `List-Unsubscribe` headers name
 * too (RFC 2369, and RFC 8058's one-click POST) so mail programs offer it.
 */
export function clientReportMail(to: string, run: ClientReportFacts): MailMessage {
  const host = new URL(run.url).host;
  const score =
    run.score === null
      ? []
      : [`SEO score: ${run.score} out of 100 (${plural(run.issues, 'issue')} to look at)`];
  return {
    to,
    subject: `Site report for ${host} from ${run.sender}`,
    link: run.report?.link ?? run.unsubscribeLink,
    headers: {
      'List-Unsubscribe': `<${run.unsubscribeLink}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
    text: [
      'Hello,',
      '',
      `${run.sender} sends you the latest report of ${run.url}, crawled by Mapsmith.`,
      '',
      ...score,
      `Pages: ${plural(run.pages, 'page')} crawled, ${plural(run.listed, 'URL')} listed in the sitemap`,
      `Since the previous crawl: ${run.changes}.`,
      ...(run.report
        ? ['', `The full report (the link works until ${run.report.until}):`, run.report.link]
        : []),
      '',
      '--',
      `You get this mail because ${run.sender} added ${to} to the reports of ${host}.`,
      'To get no more of them, open this link:',
      run.unsubscribeLink,
    ].join('\n'),
  };
}
