// Issue 29 point 3: a schedule mails the run's report to its client addresses over real SMTP,
// each with its own unsubscribe link; unsubscribing stops the next mail, the owner sees who
// left, the count is bounded, and the addresses go with the schedule and the account.
import { resolveShareLink, saveReportBrand } from '@mapsmith/app';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalServer, listenLocal } from '../../../../tests/servers/http-util.js';
import { type SmtpStandIn, startSmtpStandIn } from '../../../../tests/servers/smtp-server.js';
import {
  call,
  createTestUser,
  startTestServer,
  type TestServer,
  type TestUser,
} from '../repos/test-support.js';
import { runSchedule } from './test-support.js';

let t: TestServer;
let site: LocalServer;
let smtp: SmtpStandIn;
let run = 1;

beforeAll(async () => {
  smtp = await startSmtpStandIn();
  site = await listenLocal((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const pages: Record<string, string> = {
      '/': '<a href="/a">A</a> <a href="/b">B</a>',
      '/a': `<p>Page A, version ${run}.</p>`,
      '/b': '<p>Page B.</p>',
    };
    const body = pages[path];
    res.writeHead(body ? 200 : 404, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(
      body
        ? `<!doctype html><html><head><title>${path}</title></head><body>${body}</body></html>`
        : 'no',
    );
  });
  t = await startTestServer({ SMTP_URL: smtp.url, MAIL_FROM: 'Mapsmith <hello@mapsmith.test>' });
});

afterAll(async () => {
  await Promise.all([t?.close(), site?.close(), smtp?.close()]);
});

const definition = (reportTo: string[]) => ({
  url: `${site.url}/`,
  frequency: 'daily',
  time: '06:30',
  timeZone: 'UTC',
  after: { publish: false, mail: true, indexNow: false },
  reportTo,
});

/** The mails the SMTP server took for `address`, oldest first. */
const mailsTo = (address: string) => smtp.received.filter((m) => m.to.includes(address));

/** The unsubscribe link of a mail's text. */
const unsubscribeLinkOf = (mail: string) =>
  /\n(http:\/\/127\.0\.0\.1:\d+\/unsubscribe\/[A-Za-z0-9_-]{32})\s*$/.exec(mail)?.[1] ?? '';

interface ScheduleAnswer {
  id: string;
  reportTo: string[];
  reportUnsubscribed: Array<{ email: string; at: string }>;
}

async function create(u: TestUser, reportTo: string[]): Promise<Response> {
  return call(t.server.url, u, 'POST', '/api/schedules', definition(reportTo));
}

describe('the report mailed to a schedule’s client addresses', () => {
  it('reaches each address, unsubscribes one for good, and goes with the schedule', async () => {
    const u = await createTestUser(t.server.context.db, { pro: true });
    const res = await create(u, ['Client.One@Example.test', 'two@example.test']);
    expect(res.status).toBe(201);
    const created = (await res.json()) as ScheduleAnswer;
    expect(created.reportTo).toEqual(['client.one@example.test', 'two@example.test']);
    expect(created.reportUnsubscribed).toEqual([]);

    const firstRun = await runSchedule(t, u, created.id);
    const [one] = mailsTo('client.one@example.test');
    const [two] = mailsTo('two@example.test');
    expect(mailsTo('client.one@example.test')).toHaveLength(1);
    for (const mail of [one?.data, two?.data]) {
      expect(mail).toContain(
        `Subject: Site report for ${new URL(site.url).host} from ${u.username}`,
      );
      expect(mail).toContain(`the latest report of ${site.url}/`);
      expect(mail).toMatch(/SEO score: \d+ out of 100/);
      expect(mail).toContain('3 URLs listed in the sitemap');
      expect(mail).toContain('Since the previous crawl: this was the first crawl of the site');
      // The header (folded by nodemailer) names the same link as the text.
      expect(mail?.replace(/\r?\n /g, ' ')).toContain(
        `List-Unsubscribe: <${unsubscribeLinkOf(mail ?? '')}>`,
      );
      expect(mail).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    }
    expect(one?.from).toBe('hello@mapsmith.test');
    // The report link is a share link of this run's crawl that stops opening after 30 days.
    const share =
      /the link works until (\w+ \d+, \d{4})\):\r?\n(http:\/\/127\.0\.0\.1:\d+\/r\/([\w-]{43}))\r?\n/.exec(
        one?.data ?? '',
      );
    expect(share?.[2]).toBeTruthy();
    expect(two?.data).toContain(share?.[2]);
    const target = await resolveShareLink(t.server.context.db, share?.[3] ?? '');
    expect(target).toMatchObject({ jobId: firstRun, ownerId: u.id });
    const days = (Date.parse(target?.expiresAt ?? '') - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    expect(Date.parse(`${share?.[1]} UTC`)).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    // The link opens the read-only report signed out (no cookie), not indexed.
    const report = await fetch(share?.[2] ?? '');
    expect(report.status).toBe(200);
    expect(report.headers.get('x-robots-tag')).toContain('noindex');
    expect(await report.text()).toContain(new URL(site.url).host);
    // The owner's own summary still comes, once; the client mail is not sent to the owner.
    expect(mailsTo(`${u.username}@example.test`)).toHaveLength(1);

    // Each address has its own link; opening it only asks (mail scanners open links).
    const link = unsubscribeLinkOf(one?.data ?? '');
    expect(link).not.toBe(unsubscribeLinkOf(two?.data ?? ''));
    const page = await fetch(link);
    expect(page.status).toBe(200);
    expect(page.headers.get('x-robots-tag')).toBe('noindex');
    const asked = await page.text();
    expect(asked).toContain('client.one@example.test gets a report of');
    expect(asked).toContain('<button type="submit">Unsubscribe</button>');
    const unchanged = (await (
      await call(t.server.url, u, 'GET', '/api/schedules')
    ).json()) as ScheduleAnswer[];
    expect(unchanged[0]?.reportUnsubscribed).toEqual([]);

    // The mail program's one-click POST (RFC 8058) unsubscribes, and says so in plain words.
    const done = await fetch(link, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('client.one@example.test will get no more reports of');
    expect(await (await fetch(link)).text()).toContain('You are unsubscribed');

    // The owner sees who left; listing the address again does not bring it back.
    const listed = (await (
      await call(t.server.url, u, 'GET', '/api/schedules')
    ).json()) as ScheduleAnswer[];
    expect(listed[0]?.reportTo).toEqual(['two@example.test']);
    expect(listed[0]?.reportUnsubscribed.map((x) => x.email)).toEqual(['client.one@example.test']);
    const again = await call(t.server.url, u, 'POST', `/api/schedules/${created.id}`, {
      ...definition(['client.one@example.test', 'two@example.test']),
    });
    expect(again.status).toBe(200);
    expect(((await again.json()) as ScheduleAnswer).reportTo).toEqual(['two@example.test']);

    // The next run mails only the address still subscribed, and compares with the first run.
    run = 2;
    await runSchedule(t, u, created.id);
    expect(mailsTo('client.one@example.test')).toHaveLength(1);
    expect(mailsTo('two@example.test')).toHaveLength(2);
    expect(mailsTo('two@example.test')[1]?.data).toContain('Since the previous crawl: 1 changed');

    // Deleting the schedule deletes its addresses; the link then says it is not known.
    const deleted = await call(t.server.url, u, 'DELETE', `/api/schedules/${created.id}`, {});
    expect(deleted.status).toBe(200);
    const rows = await t.server.context.db.first<{ n: number }>(
      'SELECT COUNT(*) AS n FROM schedule_recipients WHERE schedule_id = ?',
      [created.id],
    );
    expect(rows?.n).toBe(0);
    expect((await fetch(link)).status).toBe(404);
  });

  it('comes from the owner’s agency while their brand applies, with the charts in the report', async () => {
    const u = await createTestUser(t.server.context.db, { pro: true });
    await saveReportBrand(t.server.context.db, u.id, {
      agencyName: 'Northwind Agency',
      accent: '#1d4ed8',
    });
    const res = await create(u, ['brand.client@example.test']);
    const created = (await res.json()) as ScheduleAnswer;
    await runSchedule(t, u, created.id);
    const [mail] = mailsTo('brand.client@example.test');
    expect(mail?.data).toContain('Northwind Agency');
    expect(mail?.data).not.toContain(`${u.username} (via Mapsmith)`);
    const link = /(http:\/\/127\.0\.0\.1:\d+\/r\/[\w-]{43})\r?\n/.exec(mail?.data ?? '')?.[1];
    const html = await (await fetch(link ?? '')).text();
    expect(html).toContain('Prepared by Northwind Agency');
    // The site at a glance: the same bars as the crawl page (3 URLs of the site, all listed).
    expect(html).toContain('The site at a glance');
    expect(html).toMatch(
      /<caption>Verdicts<\/caption>[\s\S]*?<th scope="row">[^<]+<\/th><td><svg[^>]*><rect class="tone-good"[^>]*><\/rect><\/svg><\/td><td class="n">3<\/td>/,
    );
    expect(html).toContain('<caption>HTTP status codes</caption>');
    expect(html).toContain('The site by folder');
  });

  it('refuses more than 10 addresses, a bad address and a repeated one, naming the field', async () => {
    const u = await createTestUser(t.server.context.db, { pro: true });
    const refused = async (reportTo: string[]) => {
      const res = await create(u, reportTo);
      expect(res.status).toBe(400);
      const body = (await res.json()) as { code: string; field: string; message: string };
      expect(body.code).toBe('input.invalid');
      expect(body.field).toBe('reportTo');
      return body.message;
    };
    const eleven = Array.from({ length: 11 }, (_, i) => `c${i}@example.test`);
    expect(await refused(eleven)).toBe('The report can be mailed to at most 10 addresses');
    expect(await refused(['ok@example.test', 'not-an-address'])).toMatch(
      /“not-an-address” is not an e-mail address/,
    );
    expect(await refused(['a@example.test', 'A@example.test '])).toBe(
      'a@example.test is in the list twice',
    );
    expect((await create(u, eleven.slice(0, 10))).status).toBe(201);
  });

  it('an unknown or malformed unsubscribe token is a plain 404 page', async () => {
    for (const token of ['x'.repeat(32), 'short', '..%2F..']) {
      const res = await fetch(`${t.server.url}/unsubscribe/${token}`, { method: 'POST' });
      expect(res.status).toBe(404);
      expect(await res.text()).toContain('This unsubscribe link is not known');
    }
  });

  it('the addresses go with the account', async () => {
    const u = await createTestUser(t.server.context.db, { pro: true });
    const res = await create(u, ['gone@example.test']);
    const { id } = (await res.json()) as ScheduleAnswer;
    await t.server.context.db.run('DELETE FROM users WHERE id = ?', [u.id]);
    const rows = await t.server.context.db.first<{ n: number }>(
      'SELECT COUNT(*) AS n FROM schedule_recipients WHERE schedule_id = ?',
      [id],
    );
    expect(rows?.n).toBe(0);
  });
});
