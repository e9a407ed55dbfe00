// Issue 13 points 1-3 end to end: a real scheduled run over HTTP against a site whose pages
// change between runs. The change report and the honest lastmod match what changed (a page
// whose only change is a rotating token, ad or stamp is not "changed"), the stable sitemap URL
// answers conditional GETs with 304, the summary is mailed and IndexNow gets the changed URLs.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessagesTo } from '../../../../tests/servers/app-harness.js';
import { type LocalServer, listenLocal } from '../../../../tests/servers/http-util.js';
import {
  type IndexNowStandIn,
  startIndexNowStandIn,
} from '../../../../tests/servers/indexnow-server.js';
import {
  call,
  createTestUser,
  startTestServer,
  type TestServer,
  type TestUser,
} from '../repos/test-support.js';
import { publishedDir } from './index.js';
import { runSchedule } from './test-support.js';

let t: TestServer;
let site: LocalServer;
let indexNow: IndexNowStandIn;
let run = 1;
let key = '';

const html = (title: string, main: string, head = '', aside = '') =>
  `<!doctype html><html><head><title>${title}</title>${head}</head><body><header>Menu</header><aside>${aside}</aside><main>${main}</main><footer>Served ${new Date().toISOString()}</footer></body></html>`;

/** The site as it is during run 1 or run 2. */
function page(path: string): { status: number; body: string; headers: Record<string, string> } {
  // A deploy date: new on every run whatever changed, so not believed for unchanged text.
  const now = {
    'Last-Modified': run === 1 ? 'Mon, 01 Jun 2026 10:00:00 GMT' : 'Tue, 01 Sep 2026 10:00:00 GMT',
  };
  const random = randomBytes(8).toString('hex');
  switch (path) {
    case '/': {
      const links = ['/stable', '/edited', '/dated', '/token-only', '/later-noindex'];
      links.push(run === 1 ? '/gone' : '/new');
      return {
        status: 200,
        headers: {},
        body: html('Home', links.map((l) => `<a href="${l}">${l}</a>`).join(' ')),
      };
    }
    case '/stable':
      return {
        status: 200,
        headers: now,
        body: html('Stable', '<h1>Stable</h1><p>Same words.</p>'),
      };
    case '/edited':
      return {
        status: 200,
        headers: {},
        body: html('Edited', `<p>Version ${run} of the text.</p>`),
      };
    case '/dated':
      return {
        status: 200,
        headers: {
          'Last-Modified':
            run === 1 ? 'Thu, 01 Jan 2026 00:00:00 GMT' : 'Sun, 01 Feb 2026 00:00:00 GMT',
        },
        body: html('Dated', `<p>Dated text ${run}.</p>`),
      };
    case '/token-only':
      return {
        status: 200,
        headers: now,
        body: html(
          'Tokens',
          `<p>Only the token rotates.</p><form><input type="hidden" name="csrf" value="${random}"></form>`,
          `<meta name="csrf-token" content="${random}"><script>var nonce="${random}"</script>`,
          `Ad ${random}`,
        ),
      };
    case '/later-noindex':
      return {
        status: 200,
        headers: {},
        body: html(
          'Later noindex',
          '<p>Kept out later.</p>',
          run === 2 ? '<meta name="robots" content="noindex">' : '',
        ),
      };
    case '/gone':
      return run === 1
        ? { status: 200, headers: {}, body: html('Gone', '<p>Removed in run 2.</p>') }
        : { status: 404, headers: {}, body: 'gone' };
    case '/new':
      return run === 2
        ? { status: 200, headers: {}, body: html('New', '<p>Added in run 2.</p>') }
        : { status: 404, headers: {}, body: 'not yet' };
    default:
      if (key && path === `/${key}.txt`) return { status: 200, headers: {}, body: key };
      return { status: 404, headers: {}, body: 'not found' };
  }
}

beforeAll(async () => {
  indexNow = await startIndexNowStandIn();
  site = await listenLocal((req, res) => {
    const answer = page(new URL(req.url ?? '/', 'http://x').pathname);
    res.writeHead(answer.status, { 'Content-Type': 'text/html; charset=utf-8', ...answer.headers });
    res.end(answer.body);
  });
  t = await startTestServer({ INDEXNOW_ENDPOINT: indexNow.endpoint });
});

afterAll(async () => {
  await Promise.all([t?.close(), site?.close(), indexNow?.close()]);
});

interface Row {
  url: string;
  reason: string;
  verdict: string;
  change?: string;
}

async function json<T>(u: TestUser, method: string, path: string, body?: unknown): Promise<T> {
  const res = await call(t.server.url, u, method, path, body);
  expect(res.status, `${method} ${path}`).toBeLessThan(300);
  return (await res.json()) as T;
}

const lastmodOf = async (jobId: string, path: string) => {
  const row = await t.server.context.db.first<{ lm: string | null }>(
    "SELECT json_extract(record, '$.lastModified') AS lm FROM crawl_pages WHERE job_id = ? AND url = ?",
    [jobId, `${site.url}${path}`],
  );
  return row?.lm ?? null;
};

describe('a scheduled run end to end', () => {
  it('reports what changed, keeps honest lastmods, publishes, mails and submits', async () => {
    const u = await createTestUser(t.server.context.db, { pro: true });
    const ping = await json<{ key: string }>(
      u,
      'GET',
      `/api/ping-key?sitemapUrl=${encodeURIComponent(`${site.url}/sitemap.xml`)}`,
    );
    key = ping.key;
    const created = await json<{ id: string; sitemapUrl: string; state: string }>(
      u,
      'POST',
      '/api/schedules',
      {
        url: `${site.url}/`,
        frequency: 'weekly',
        weekday: 1,
        time: '06:30',
        timeZone: 'Europe/Berlin',
        after: { publish: true, mail: true, indexNow: true },
      },
    );
    expect(created.state).toBe('active');
    expect(created.sitemapUrl).toMatch(/\/s\/[A-Za-z0-9_-]{32}\/sitemap\.xml$/);

    const first = await runSchedule(t, u, created.id);
    const firstChanges = await json<{ summary: unknown }>(u, 'GET', `/api/crawl/${first}/changes`);
    expect(firstChanges.summary).toBeNull();
    const stableBefore = await lastmodOf(first, '/stable');
    expect(stableBefore).toBe('2026-06-01T10:00:00.000Z');

    // The stable URL serves the files; a conditional GET of unchanged files is a 304.
    const sitemap = await fetch(created.sitemapUrl);
    expect(sitemap.status).toBe(200);
    const etag = sitemap.headers.get('etag') ?? '';
    const lastModified = sitemap.headers.get('last-modified') ?? '';
    // fetch accepts gzip: the encoded representation has its own validator.
    expect(etag).toMatch(/^"[0-9a-f]{40}-gzip"$/);
    const plain = await fetch(created.sitemapUrl, { headers: { 'Accept-Encoding': 'identity' } });
    expect(plain.headers.get('etag')).toMatch(/^"[0-9a-f]{40}"$/);
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await sitemap.text()).toContain(`<loc>${site.url}/gone</loc>`);
    expect((await fetch(created.sitemapUrl, { headers: { 'If-None-Match': etag } })).status).toBe(
      304,
    );
    expect(
      (await fetch(created.sitemapUrl, { headers: { 'If-Modified-Since': lastModified } })).status,
    ).toBe(304);
    const gz = await fetch(`${created.sitemapUrl}.gz`);
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toContain('<urlset');

    // Another node (here: this one, its files gone) rebuilds the files from the stored job:
    // the same bytes, so the same validator, and a conditional GET is still a 304.
    fs.rmSync(publishedDir(t.dataDir), { recursive: true, force: true });
    const rebuilt = await Promise.all([fetch(created.sitemapUrl), fetch(created.sitemapUrl)]);
    expect(rebuilt.map((r) => r.status)).toEqual([200, 200]);
    expect(rebuilt.map((r) => r.headers.get('etag'))).toEqual([etag, etag]);
    expect((await fetch(created.sitemapUrl, { headers: { 'If-None-Match': etag } })).status).toBe(
      304,
    );

    run = 2;
    const second = await runSchedule(t, u, created.id);
    const changes = await json<{
      summary: Record<string, number | string>;
      removed: Array<{ url: string }>;
    }>(u, 'GET', `/api/crawl/${second}/changes`);
    expect(changes.summary).toMatchObject({
      previousJobId: first,
      added: 1,
      removed: 1,
      // The home page's text names its links: /gone went, /new came.
      changed: 3,
      newlyExcluded: 1,
    });
    expect(changes.removed.map((r) => r.url)).toEqual([`${site.url}/gone`]);

    const table = await json<{ rows: Row[] }>(u, 'GET', `/api/crawl/${second}/urls?limit=100`);
    const change = Object.fromEntries(
      table.rows.map((r) => [r.url.replace(site.url, ''), r.change]),
    );
    expect(change).toMatchObject({
      '/stable': 'unchanged',
      '/token-only': 'unchanged',
      '/edited': 'changed',
      '/dated': 'changed',
      '/later-noindex': 'newly-excluded',
      '/new': 'added',
    });
    const noindex = table.rows.find((r) => r.url.endsWith('/later-noindex'));
    expect(noindex?.reason).toBe('noindex');
    const filtered = await json<{ rows: Row[] }>(
      u,
      'GET',
      `/api/crawl/${second}/urls?change=changed`,
    );
    expect(filtered.rows.map((r) => r.url).sort()).toEqual([
      `${site.url}/`,
      `${site.url}/dated`,
      `${site.url}/edited`,
    ]);

    // Honest lastmod: unchanged keeps its date, a believable date is used, else the crawl's time.
    const job = await t.server.context.repos.jobs.get(second, u.id);
    expect(await lastmodOf(second, '/stable')).toBe(stableBefore);
    expect(await lastmodOf(second, '/token-only')).toBe(stableBefore);
    expect(await lastmodOf(second, '/dated')).toBe('2026-02-01T00:00:00.000Z');
    expect(await lastmodOf(second, '/edited')).toBe(job?.startedAt);

    // The stable URL now serves the new files, with new validators.
    const after = await fetch(created.sitemapUrl, { headers: { 'If-None-Match': etag } });
    expect(after.status).toBe(200);
    const text = await after.text();
    expect(text).toContain(`<loc>${site.url}/new</loc>`);
    expect(text).not.toContain('/gone</loc>');
    expect(text).toContain(
      `<loc>${site.url}/stable</loc><lastmod>2026-06-01T10:00:00+00:00</lastmod>`,
    );
    expect(text).toContain(
      `<loc>${site.url}/token-only</loc><lastmod>2026-06-01T10:00:00+00:00</lastmod>`,
    );

    // IndexNow got the added and changed URLs only; the mail says what changed.
    const submitted = indexNow.received.at(-1)?.urlList ?? [];
    expect(submitted.sort()).toEqual([
      `${site.url}/`,
      `${site.url}/dated`,
      `${site.url}/edited`,
      `${site.url}/new`,
    ]);
    const mails = outboxMessagesTo(t.dataDir, `${u.username}@example.test`);
    expect(mails.at(-1)).toContain('1 added, 1 removed, 3 changed, 1 newly excluded');
    expect(mails.at(-1)).toContain(created.sitemapUrl);

    // A rotated token retires the old URL at once.
    const rotated = await json<{ sitemapUrl: string }>(
      u,
      'POST',
      `/api/schedules/${created.id}/rotate-token`,
      {},
    );
    expect((await fetch(created.sitemapUrl)).status).toBe(404);
    expect((await fetch(rotated.sitemapUrl)).status).toBe(200);
  });

  it('answers a Pro API token within its hourly limit', async () => {
    const u = await createTestUser(t.server.context.db, { pro: true });
    const { token } = await json<{ token: string }>(u, 'POST', '/api/tokens', { name: 'ci' });
    const res = await fetch(`${t.server.url}/api/schedules`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-ratelimit-limit')).toBe('100');
    expect(await res.json()).toEqual([]);
  });

  it('refuses schedules to a free user with a clear code', async () => {
    const u = await createTestUser(t.server.context.db);
    const res = await call(t.server.url, u, 'GET', '/api/schedules');
    expect(res.status).toBe(403);
    expect((await res.json()).code).toBe('auth.pro-required');
  });

  it('answers bad schedules with the field and a plain reason', async () => {
    const u = await createTestUser(t.server.context.db, { pro: true });
    const bad = async (body: Record<string, unknown>) => {
      const res = await call(t.server.url, u, 'POST', '/api/schedules', {
        url: `${site.url}/`,
        frequency: 'daily',
        time: '06:30',
        timeZone: 'UTC',
        after: { publish: false, mail: false, indexNow: false },
        ...body,
      });
      expect(res.status).toBe(400);
      const answer = await res.json();
      expect(answer.code).toBe('input.invalid');
      return answer.message as string;
    };
    expect(await bad({ timeZone: 'Mars/Olympus' })).toMatch(/time zone is not one we know/);
    expect(await bad({ frequency: 'weekly' })).toMatch(/weekly schedule needs a weekday/);
    expect(await bad({ time: '25:00' })).toMatch(/HH:MM/);
    expect(await bad({ settings: { maxDepth: -1 } })).toMatch(/Max depth/);
    const missing = await call(t.server.url, u, 'DELETE', '/api/schedules/nope', {});
    expect(missing.status).toBe(404);
    expect((await missing.json()).code).toBe('schedule.not-found');
  });
});
