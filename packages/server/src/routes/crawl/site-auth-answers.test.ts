import fs from 'node:fs';
import path from 'node:path';
import { EXPORT_FORMATS, type Logger, MASKED_SECRET, REPORT_FORMATS } from '@mapsmith/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FixtureSite, startFixtureSite } from '../../../../../tests/fixtures/site/index.js';
import {
  call,
  createTestUser,
  startTestServer,
  type TestServer,
  type TestUser,
} from '../../repos/test-support.js';
import type { RunningServer } from '../../server.js';

const PASSWORD = 'pw-c41d2e-staging';
const COOKIE = 'staging=ck-9b77f0';
const settings = {
  siteAuth: {
    basic: { username: 'stager', password: PASSWORD },
    headers: [{ name: 'Cookie', value: COOKIE }],
  },
};
const masked = {
  siteAuth: {
    basic: { username: 'stager', password: MASKED_SECRET },
    headers: [{ name: 'Cookie', value: MASKED_SECRET }],
  },
};
const SECRETS = /pw-c41d2e|ck-9b77f0/;

let t: TestServer;
let server: RunningServer;
let site: FixtureSite;
let dataDir: string;
let pro: TestUser;
const logLines: string[] = [];

/** Every line the server logs, debug included, kept for the grep. */
const captured: Logger = {
  info: (m, f) => logLines.push(JSON.stringify([m, f])),
  warn: (m, f) => logLines.push(JSON.stringify([m, f])),
  error: (m, f) => logLines.push(JSON.stringify([m, f])),
  debug: (m, f) => logLines.push(JSON.stringify([m, f])),
};

beforeAll(async () => {
  [t, site] = await Promise.all([startTestServer({}, captured), startFixtureSite({ pages: 8 })]);
  server = t.server;
  dataDir = t.dataDir;
  pro = await createTestUser(server.context.db, { pro: true });
});

afterAll(async () => {
  await Promise.all([t.close(), site.close()]);
});

async function body(pathname: string, method = 'GET', input?: unknown) {
  const res = await call(server.url, pro, method, pathname, input);
  return { status: res.status, text: await res.text(), pathname };
}

async function finished(jobId: string) {
  const end = Date.now() + 30_000;
  for (;;) {
    const job = JSON.parse((await body(`/api/crawl/${jobId}`)).text);
    if (job.status === 'completed' || job.status === 'failed' || Date.now() > end) return job;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('a staging crawl’s credentials in the answers', () => {
  it('shows the user name and header names, never a secret, in the job, history, exports, reports and logs', async () => {
    const started = await body('/api/crawl', 'POST', { url: site.url, settings });
    expect(started.status).toBe(201);
    const jobId = JSON.parse(started.text).jobId as string;
    const job = await finished(jobId);
    expect(job.status).toBe('completed');
    expect(job.settings).toEqual(masked);
    const answers = [
      started,
      await body(`/api/crawl/${jobId}`),
      await body('/api/history'),
      await body(`/api/seo-analysis/${jobId}`),
      ...(await Promise.all(EXPORT_FORMATS.map((f) => body(`/api/generate/${jobId}/${f}`)))),
      ...(await Promise.all(
        REPORT_FORMATS.map((f) => body(`/api/crawl/${jobId}/report?format=${f}`)),
      )),
    ];
    expect(
      answers
        // The fixture has no videos: that sitemap is refused as empty, in words.
        .filter((a) => a.status >= 400 && !a.text.includes('export.nothing-to-list'))
        .map((a) => [a.pathname, a.status, a.text]),
    ).toEqual([]);
    expect(answers.filter((a) => SECRETS.test(a.text))).toEqual([]);
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.filter((line) => SECRETS.test(line))).toEqual([]);
    // The key file beside the database, readable by its owner only.
    expect(fs.statSync(path.join(dataDir, 'secrets.key')).mode & 0o777).toBe(0o600);
  });

  it('masks a schedule’s and a bulk list’s, and an edit keeps the stored secret unless one is typed', async () => {
    const def = {
      url: site.url,
      frequency: 'daily',
      time: '06:30',
      timeZone: 'UTC',
      after: { publish: false, mail: false, indexNow: false },
    };
    const created = await body('/api/schedules', 'POST', { ...def, settings });
    expect(created.status).toBe(201);
    const schedule = JSON.parse(created.text);
    expect(schedule.settings).toEqual(masked);
    // Sent back as shown: the stored secrets stay.
    const kept = await body(`/api/schedules/${schedule.id}`, 'POST', { ...def, settings: masked });
    expect(kept.status).toBe(200);
    expect(JSON.parse(kept.text).settings).toEqual(masked);
    const stored = await server.context.repos.schedules.get(schedule.id, pro.id);
    expect(stored?.settings).toEqual(settings);
    // A newly typed password replaces the stored one; the header kept by its name.
    const typed = {
      siteAuth: { ...masked.siteAuth, basic: { username: 'stager', password: 'new-pw-1' } },
    };
    expect(
      (await body(`/api/schedules/${schedule.id}`, 'POST', { ...def, settings: typed })).status,
    ).toBe(200);
    expect((await server.context.repos.schedules.get(schedule.id, pro.id))?.settings).toEqual({
      siteAuth: {
        basic: { username: 'stager', password: 'new-pw-1' },
        headers: settings.siteAuth.headers,
      },
    });
    // A mask with nothing stored behind it is refused, naming the field.
    const unknown = { siteAuth: { headers: [{ name: 'X-Other', value: MASKED_SECRET }] } };
    const refused = await body(`/api/schedules/${schedule.id}`, 'POST', {
      ...def,
      settings: unknown,
    });
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.text)).toMatchObject({
      code: 'input.invalid',
      field: 'settings.siteAuth.headers.0.value',
    });
    // A new crawl cannot send the mask as a password.
    const maskCrawl = await body('/api/crawl', 'POST', { url: site.url, settings: masked });
    expect(maskCrawl.status).toBe(400);

    const bulk = await body('/api/bulk', 'POST', { list: site.url, settings });
    expect(bulk.status).toBe(201);
    const bulkId = JSON.parse(bulk.text).bulkId as string;
    const shown = await body(`/api/bulk/${bulkId}`);
    expect(JSON.parse(shown.text).settings).toEqual(masked);
    const lists = [created, kept, shown, await body('/api/schedules'), await body('/api/bulk')];
    expect(lists.filter((a) => SECRETS.test(a.text) || a.text.includes('new-pw-1'))).toEqual([]);
  });
});
