import net from 'node:net';
import { monthKey } from '@mapsmith/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FixtureSite, startFixtureSite } from '../../../../../tests/fixtures/site/index.js';
import {
  call,
  createTestUser,
  startTestServer,
  type TestServer,
  type TestUser,
} from '../../repos/test-support.js';

let t: TestServer;
let site: FixtureSite;
let pro: TestUser;
let free: TestUser;

beforeAll(async () => {
  [t, site] = await Promise.all([
    startTestServer(),
    startFixtureSite({ pages: 10, features: ['redirects', 'errors', 'noindex', 'canonical'] }),
  ]);
  pro = await createTestUser(t.server.context.db, { username: 'auditpro', pro: true });
  free = await createTestUser(t.server.context.db, { username: 'auditfree' });
});
afterAll(async () => {
  await Promise.all([t.close(), site.close()]);
});

function urlset(paths: string[]): string {
  const locs = paths.map((p) => `<url><loc>${site.origin}${p}</loc></url>`).join('');
  return `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs}</urlset>`;
}

async function finished(jobId: string, user = pro) {
  for (let i = 0; i < 300; i++) {
    const res = await call(t.server.url, user, 'GET', `/api/audit/${jobId}`);
    const job = await res.json();
    if (job.status === 'completed' || job.status === 'failed') return job;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the audit did not finish');
}

describe('POST /api/audit', () => {
  it('refuses a free user with 403 auth.pro-required, and anonymous visitors with 401', async () => {
    const refused = await call(t.server.url, free, 'POST', '/api/audit', {
      content: urlset(['/']),
    });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({
      code: 'auth.pro-required',
      message: expect.stringContaining('Sitemap audits'),
    });
    const anonymous = await call(t.server.url, null, 'POST', '/api/audit', { content: 'x' });
    expect(anonymous.status).toBe(401);
  });

  it('refuses input that is neither a URL nor a sitemap text', async () => {
    for (const body of [{}, { url: 'ftp://x.test/' }, { url: site.url, content: 'x' }]) {
      const res = await call(t.server.url, pro, 'POST', '/api/audit', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await res.json()).code).toBe('input.invalid');
    }
  });

  it('audits an uploaded sitemap: each URL once, verdicts, table filters, CSV and the meter', async () => {
    const paths = ['/', '/p/1', '/r/301', '/e/404', '/noindex/meta', '/canonical/dup', '/p/1'];
    const before = await t.server.context.repos.usage.monthPages(pro.id, monthKey(Date.now()));
    const start = await call(t.server.url, pro, 'POST', '/api/audit', {
      content: urlset(paths),
      fileName: 'my-sitemap.xml',
    });
    expect(start.status).toBe(201);
    const { jobId } = await start.json();
    const job = await finished(jobId);
    expect(job).toMatchObject({
      status: 'completed',
      source: 'my-sitemap.xml',
      total: 6,
      checked: 6,
      summary: '2 fine, 1 404, 1 redirect, 1 noindex, 1 canonical elsewhere',
    });
    expect(job.validation.stats.duplicateUrls).toBe(1);
    const after = await t.server.context.repos.usage.monthPages(pro.id, monthKey(Date.now()));
    expect(after - before).toBe(6);

    const page = await call(t.server.url, pro, 'GET', `/api/audit/${jobId}/urls?verdict=redirect`);
    const rows = (await page.json()).rows;
    expect(rows).toEqual([
      expect.objectContaining({
        url: `${site.origin}/r/301`,
        redirectStatus: 301,
        redirectTarget: `${site.origin}/to/301`,
      }),
    ]);
    const paged = await (
      await call(t.server.url, pro, 'GET', `/api/audit/${jobId}/urls?limit=4`)
    ).json();
    expect(paged).toMatchObject({ total: 6 });
    const rest = await (
      await call(t.server.url, pro, 'GET', `/api/audit/${jobId}/urls?cursor=${paged.nextCursor}`)
    ).json();
    expect([...paged.rows, ...rest.rows].map((r: { url: string }) => r.url)).toHaveLength(6);

    const csv = await call(
      t.server.url,
      pro,
      'GET',
      `/api/audit/${jobId}/report?verdict=not-found`,
    );
    expect(csv.headers.get('content-type')).toMatch(/text\/csv/);
    const lines = (await csv.text()).trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`${site.origin}/e/404,404,not-found,404`);

    // Another user's audit is not found.
    const other = await call(t.server.url, free, 'GET', `/api/audit/${jobId}`);
    expect(other.status).toBe(404);
    expect((await other.json()).code).toBe('audit.not-found');
  });

  it("charges a free user's audit to the month and stops at the quota", async () => {
    // A free user cannot start one (403 above); an audit queued for one anyway (an account that
    // lost Pro) is held to the month's 500 pages like a crawl.
    const lapsed = await createTestUser(t.server.context.db, { username: 'auditlapsed' });
    const month = monthKey(Date.now());
    await t.server.context.db.run(
      'INSERT INTO usage_months (user_id, month, pages) VALUES (?, ?, 498)',
      [lapsed.id, month],
    );
    const jobId = await t.server.context.repos.audits.start({
      userId: lapsed.id,
      source: 'lapsed.xml',
      sourceUrl: null,
      content: urlset(['/', '/p/1', '/p/2', '/p/3', '/p/4']),
      monthQuota: 500,
    });
    t.server.context.jobs.audits.wake();
    const job = await finished(jobId, lapsed);
    expect(job).toMatchObject({ status: 'completed', total: 5, checked: 2 });
    expect(job.error).toMatch(/monthly page limit/);
    expect(await t.server.context.repos.usage.monthPages(lapsed.id, month)).toBe(500);
  });

  it('audits a sitemap by URL and fails in plain words when it is not a sitemap', async () => {
    const res = await call(t.server.url, pro, 'POST', '/api/audit', { url: site.url });
    const job = await finished((await res.json()).jobId);
    expect(job.status).toBe('failed');
    expect(job.error).toMatch(/HTML page/);
  });

  it('refuses every loopback and private URL a sitemap lists, with zero connections to a canary', async () => {
    let connections = 0;
    const canary = net.createServer((socket) => {
      connections++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => canary.listen(0, '127.0.0.1', resolve));
    const port = (canary.address() as net.AddressInfo).port;
    const strict = await startTestServer({ MAPSMITH_ALLOW_LOOPBACK: '0' });
    try {
      const u = await createTestUser(strict.server.context.db, { pro: true });
      const forms = [
        `http://127.0.0.1:${port}/`,
        `http://localhost:${port}/`,
        `http://[::1]:${port}/`,
        `http://[::ffff:127.0.0.1]:${port}/`,
        `http://2130706433:${port}/`,
        `http://0x7f000001:${port}/`,
        `http://127.1:${port}/`,
        `http://0.0.0.0:${port}/`,
        `http://10.0.0.1:${port}/`,
        `http://192.168.0.1:${port}/`,
        `http://169.254.169.254:${port}/latest/meta-data`,
        `http://[fd00::1]:${port}/`,
        `http://intranet:${port}/`,
      ];
      const content = `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${forms.map((f) => `<url><loc>${f}</loc></url>`).join('')}</urlset>`;
      const start = await call(strict.server.url, u, 'POST', '/api/audit', { content });
      const { jobId } = await start.json();
      let job = { status: 'pending', counts: {} as Record<string, number> };
      for (let i = 0; i < 300 && (job.status === 'pending' || job.status === 'running'); i++) {
        await new Promise((r) => setTimeout(r, 50));
        job = await (await call(strict.server.url, u, 'GET', `/api/audit/${jobId}`)).json();
      }
      expect(job.status).toBe('completed');
      expect(job.counts.refused).toBe(forms.length);
      expect(connections).toBe(0);
    } finally {
      await strict.close();
      await new Promise((resolve) => canary.close(resolve));
    }
  });

  it('refuses a sitemap URL on a private address without MAPSMITH_ALLOW_LOOPBACK', async () => {
    const strict = await startTestServer({ MAPSMITH_ALLOW_LOOPBACK: '0' });
    try {
      const u = await createTestUser(strict.server.context.db, { pro: true });
      const res = await call(strict.server.url, u, 'POST', '/api/audit', {
        url: 'http://169.254.169.254/sitemap.xml',
      });
      expect(res.status).toBe(400);
      expect((await res.json()).code).toBe('crawl.url-not-allowed');
    } finally {
      await strict.close();
    }
  });
});
