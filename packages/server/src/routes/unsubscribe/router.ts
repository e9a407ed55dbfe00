import { type Response, Router } from 'express';
import type { AppContext } from '../../context.js';
import { isTokenShape } from '../../schedules/service.js';
import { type UnsubscribePage, unsubscribeHtml } from './page.js';

/** Sends a page; never cached, never indexed, its token never sent on as a Referer. */
function send(res: Response, status: number, page: UnsubscribePage): void {
  res
    .status(status)
    .set({
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Robots-Tag': 'noindex',
      'Referrer-Policy': 'no-referrer',
    })
    .send(unsubscribeHtml(page));
}

const UNKNOWN: UnsubscribePage = {
  title: 'This unsubscribe link is not known',
  lines: [
    'Check that the whole link was copied from the mail. If the schedule that sent the reports was deleted, no more reports are sent to you anyway.',
  ],
};

/** The site's host, for the sentences. */
const hostOf = (url: string) => new URL(url).host;

/**
 * `/unsubscribe/:token` (issue 29 point 3): the link in every report mailed to a schedule's
 * client address. GET shows what the link stops and a button (mail scanners open links, so
 * opening it changes nothing); POST unsubscribes, from that button or from a mail program's
 * one-click `List-Unsubscribe-Post` (RFC 8058), and says so in plain words.
 */
export function unsubscribeRouter(ctx: AppContext): Router {
  const router = Router();
  const recipients = ctx.repos.reportRecipients;
  router.get('/unsubscribe/:token', async (req, res) => {
    const token = req.params.token ?? '';
    const found = isTokenShape(token) ? await recipients.byToken(token) : undefined;
    if (!found) return send(res, 404, UNKNOWN);
    const host = hostOf(found.url);
    if (found.unsubscribedAt)
      return send(res, 200, {
        title: 'You are unsubscribed',
        lines: [`${found.email} gets no more reports of ${host}.`],
      });
    send(res, 200, {
      title: `Stop the reports of ${host}?`,
      lines: [
        `${found.email} gets a report of ${host} after each scheduled crawl. Unsubscribe to get no more of them.`,
      ],
      confirm: { action: `/unsubscribe/${token}`, label: 'Unsubscribe' },
    });
  });
  router.post('/unsubscribe/:token', async (req, res) => {
    const token = req.params.token ?? '';
    const found = isTokenShape(token) ? await recipients.byToken(token) : undefined;
    if (!found) return send(res, 404, UNKNOWN);
    await recipients.unsubscribe(token, new Date().toISOString());
    ctx.logger.info('report recipient unsubscribed', { schedule: found.scheduleId });
    send(res, 200, {
      title: 'You are unsubscribed',
      lines: [
        `${found.email} will get no more reports of ${hostOf(found.url)}. The sender can see that you unsubscribed.`,
      ],
    });
  });
  return router;
}
