import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { siteFolder } from '@mapsmith/app';
import { csvField, storageBudgetBytes } from '@mapsmith/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FixtureSite, startFixtureSite } from '../../../../../tests/fixtures/site/index.js';
import {
  call,
  createTestUser,
  startTestServer,
  type TestServer,
  type TestUser,
} from '../../repos/test-support.js';

const SITES = 20;
let t: TestServer;
let sites: FixtureSite[];

beforeAll(async () => {
  [t, ...sites] = await Promise.all([
    startTestServer({ MAPSMITH_CRAWL_WORKERS: '4' }),
    ...Array.from({ length: SITES }, (_, i) => startFixtureSite({ pages: 5 + i })),
  ]);
});

afterAll(async () => {
  await Promise.all([t.close(), ...sites.map((s) => s.close())]);
});

interface BulkSite {
  line: number;
  url: string;
  status: string;
  listed: number | null;
  nothingListed: string | null;
  seoScore: number | null;
  changes: string | null;
}

async function settled(u: TestUser, bulkId: string): Promise<{ sites: BulkSite[] }> {
  const end = Date.now() + 90_000;
  for (;;) {
    const bulk = await (await call(t.server.url, u, 'GET', `/api/bulk/${bulkId}`)).json();
    const scored = bulk.sites.every(
      (s: BulkSite) => s.status !== 'completed' || s.seoScore !== null || s.nothingListed !== null,
    );
    if ((bulk.finished && scored) || Date.now() > end) return bulk;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** A site whose robots.txt disallows everything (`Disallow: /`), over loopback. */
async function startBlockedSite(): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const robots = req.url === '/robots.txt';
    res.writeHead(200, { 'Content-Type': robots ? 'text/plain' : 'text/html' });
    res.end(robots ? 'User-agent: *\nDisallow: /\n' : '<title>Blocked</title><a href="/a">a</a>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function unzip(args: string[]): string {
  return execFileSync('unzip', args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
}

describe('a bulk crawl of 20 fixture sites', () => {
  it('reports the 3 bad lines, crawls the 20 sites and zips each one into its folder', async () => {
    const u = await createTestUser(t.server.context.db, { pro: true });
    const lines = sites.map((s) => s.url);
    // Line 4 is not an address, line 9 another scheme, line 15 repeats line 2's site.
    lines.splice(3, 0, 'not a site at all');
    lines.splice(8, 0, 'ftp://files.example.com/');
    lines.splice(14, 0, sites[1]?.url.toUpperCase().replace('HTTP://', 'http://') ?? '');
    const list = `# our clients\n${lines.join('\n')}\n\n`;
    const res = await call(t.server.url, u, 'POST', '/api/bulk', { list });
    expect(res.status).toBe(201);
    const started = await res.json();
    expect(started.accepted).toBe(SITES);
    expect(started.rejected).toEqual([
      {
        line: 5,
        text: 'not a site at all',
        reason: expect.stringMatching(/not a site address/),
        code: 'input.invalid',
      },
      {
        line: 10,
        text: 'ftp://files.example.com/',
        reason: expect.stringMatching(/http/),
        code: 'input.invalid',
      },
      {
        line: 16,
        text: expect.any(String),
        reason: 'The same site as line 3',
        code: 'input.invalid',
      },
    ]);

    const bulk = await settled(u, started.bulkId);
    expect(bulk.sites).toHaveLength(SITES);
    for (const [i, site] of bulk.sites.entries()) {
      const fixture = sites[i] as FixtureSite;
      expect(site).toMatchObject({ url: fixture.url, status: 'completed', changes: null });
      expect(site.listed).toBe(fixture.expectedStaticSitemapUrls.length);
      expect(site.seoScore).toBeGreaterThanOrEqual(0);
    }

    const zip = await call(t.server.url, u, 'GET', `/api/bulk/${started.bulkId}/download`);
    expect(zip.status).toBe(200);
    expect(zip.headers.get('content-type')).toBe('application/zip');
    const file = path.join(t.dataDir, 'bulk.zip');
    fs.writeFileSync(file, Buffer.from(await zip.arrayBuffer()));
    // Debian's unzip checks every entry's CRC and sizes against the data descriptors.
    expect(unzip(['-t', file])).toMatch(/No errors detected/);
    const names = unzip(['-Z1', file]).trim().split('\n');
    expect(names.at(-1)).toBe('summary.csv');
    for (const [i, site] of bulk.sites.entries()) {
      const fixture = sites[i] as FixtureSite;
      const folder = siteFolder(site);
      const inFolder = names
        .filter((n) => n.startsWith(`${folder}/`))
        .map((n) => n.slice(folder.length + 1));
      expect(inFolder.sort()).toEqual(
        [
          'sitemap-images.xml',
          'sitemap-xml-images.xml',
          'sitemap.html',
          'sitemap.json',
          'sitemap.rss',
          'sitemap.txt',
          'sitemap.xml',
        ].sort(),
      );
      const xml = unzip(['-p', file, `${folder}/sitemap.xml`]);
      const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]).sort();
      expect(locs).toEqual(fixture.expectedStaticSitemapUrls);
      const txt = unzip(['-p', file, `${folder}/sitemap.txt`])
        .trim()
        .split('\n')
        .sort();
      expect(txt).toEqual(fixture.expectedStaticSitemapUrls);
    }
    const csv = unzip(['-p', file, 'summary.csv'])
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(csv[0]).toBe(
      'line,url,status,pages,listed,seo_score,changes,folder,error,nothing_listed',
    );
    expect(csv).toHaveLength(SITES + 1);
    const first = bulk.sites[0] as BulkSite;
    expect(csv[1]).toBe(
      `${first.line},${first.url},completed,${first.listed},${first.listed},${first.seoScore},-,${siteFolder(first)},,`,
    );
  });

  it('a site robots.txt blocks entirely reads "nothing listed" with its reason, no score and no files', async () => {
    const blocked = await startBlockedSite();
    try {
      const u = await createTestUser(t.server.context.db, { pro: true });
      const list = `${sites[0]?.url}\n${blocked.url}`;
      const started = await (await call(t.server.url, u, 'POST', '/api/bulk', { list })).json();
      const bulk = await settled(u, started.bulkId);
      const [ok, none] = bulk.sites as [BulkSite, BulkSite];
      expect(ok).toMatchObject({ status: 'completed', nothingListed: null });
      expect(ok.seoScore).toBeGreaterThanOrEqual(0);
      expect(none).toMatchObject({ status: 'completed', listed: 0, seoScore: null });
      expect(none.nothingListed).toMatch(/^robots\.txt blocks every page for our crawler/);

      const zip = await call(t.server.url, u, 'GET', `/api/bulk/${started.bulkId}/download`);
      const file = path.join(t.dataDir, 'bulk-blocked.zip');
      fs.writeFileSync(file, Buffer.from(await zip.arrayBuffer()));
      const names = unzip(['-Z1', file]).trim().split('\n');
      // No folder, no empty sitemap.txt/JSON, no RSS pointing at localhost for the blocked site.
      expect(names.filter((n) => n.startsWith(`${siteFolder(none)}/`))).toEqual([]);
      expect(names.filter((n) => n.startsWith(`${siteFolder(ok)}/`)).length).toBeGreaterThan(0);
      for (const name of names.filter((n) => n.endsWith('.rss'))) {
        expect(unzip(['-p', file, name])).not.toContain('localhost');
      }
      const csv = unzip(['-p', file, 'summary.csv'])
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(csv[2]).toBe(
        `${none.line},${none.url},nothing listed,0,0,,-,,,${csvField(none.nothingListed)}`,
      );
    } finally {
      await blocked.close();
    }
  });

  it("says what changed since the same user's previous crawl of each site", async () => {
    const u = await createTestUser(t.server.context.db, { pro: true });
    const list = `${sites[0]?.url}\n${sites[1]?.url}`;
    const first = await (await call(t.server.url, u, 'POST', '/api/bulk', { list })).json();
    expect((await settled(u, first.bulkId)).sites.map((s: BulkSite) => s.changes)).toEqual([
      null,
      null,
    ]);
    const again = await (await call(t.server.url, u, 'POST', '/api/bulk', { list })).json();
    const bulk = await settled(u, again.bulkId);
    // The fixture sites did not change between the two runs.
    expect(bulk.sites.map((s: BulkSite) => s.changes)).toEqual(['no changes', 'no changes']);
  });

  it('lists the bulk, and keeps it to its owner', async () => {
    const u = await createTestUser(t.server.context.db, { pro: true });
    const started = await (
      await call(t.server.url, u, 'POST', '/api/bulk', { list: sites[0]?.url })
    ).json();
    const listed = await (await call(t.server.url, u, 'GET', '/api/bulk')).json();
    expect(listed).toEqual([expect.objectContaining({ bulkId: started.bulkId, sites: 1 })]);
    const stranger = await createTestUser(t.server.context.db, { pro: true });
    const res = await call(t.server.url, stranger, 'GET', `/api/bulk/${started.bulkId}`);
    expect(res.status).toBe(404);
    expect((await res.json()).code).toBe('bulk.not-found');
  });

  it('refuses free users, lists of more than 100 sites and lists with no site, with their codes', async () => {
    const free = await createTestUser(t.server.context.db);
    const refused = await call(t.server.url, free, 'POST', '/api/bulk', { list: sites[0]?.url });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({
      code: 'auth.pro-required',
      message: expect.stringContaining('Bulk crawls'),
    });
    const pro = await createTestUser(t.server.context.db, { pro: true });
    const long = Array.from({ length: 101 }, (_, i) => `https://s${i}.example.com/`).join('\n');
    const tooMany = await call(t.server.url, pro, 'POST', '/api/bulk', { list: long });
    expect(tooMany.status).toBe(400);
    const tooManyBody = await tooMany.json();
    expect(tooManyBody.code).toBe('bulk.too-many');
    expect(tooManyBody.message).toMatch(/101 sites.*at most 100/);
    const empty = await call(t.server.url, pro, 'POST', '/api/bulk', {
      list: 'hello\n\nftp://x.example/',
    });
    expect(empty.status).toBe(400);
    const emptyBody = await empty.json();
    expect(emptyBody.code).toBe('bulk.empty');
    expect(emptyBody.message).toMatch(/line 1: .*line 3: /);
    const history = await (await call(t.server.url, pro, 'GET', '/api/history')).json();
    expect(history).toEqual([]);
  });

  it('refuses a whole list while the crawls of its owner hold the storage budget: 403 limit.storage', async () => {
    const pro = await createTestUser(t.server.context.db, { pro: true });
    const first = await (
      await call(t.server.url, pro, 'POST', '/api/crawl', { url: sites[0]?.url })
    ).json();
    await t.server.context.db.run('UPDATE crawl_jobs SET stored_bytes = ? WHERE id = ?', [
      storageBudgetBytes('pro'),
      first.jobId,
    ]);
    const refused = await call(t.server.url, pro, 'POST', '/api/bulk', { list: sites[1]?.url });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({
      code: 'limit.storage',
      message: expect.stringMatching(/^Your crawls use 2,048 MB of your 2,048 MB of storage/),
    });
    expect(await (await call(t.server.url, pro, 'GET', '/api/bulk')).json()).toEqual([]);
  });

  it('counts the sites of a list in the hourly window of single crawl starts (issue 27)', async () => {
    const pro = await createTestUser(t.server.context.db, { pro: true });
    const list = [sites[4], sites[5], sites[6]].map((s) => s?.url).join('\n');
    const bulk = await call(t.server.url, pro, 'POST', '/api/bulk', { list });
    expect(bulk.status).toBe(201);
    expect(bulk.headers.get('x-ratelimit-limit')).toBe('200');
    expect(bulk.headers.get('x-ratelimit-remaining')).toBe('197');
    const single = await call(t.server.url, pro, 'POST', '/api/crawl', { url: sites[7]?.url });
    expect(single.status).toBe(201);
    // 60 an hour on Pro: the list's 3 sites and this start leave 56.
    expect(single.headers.get('x-ratelimit-limit')).toBe('60');
    expect(single.headers.get('x-ratelimit-remaining')).toBe('56');
  });

  it('answers a Pro API token within its hourly limit', async () => {
    const pro = await createTestUser(t.server.context.db, { pro: true });
    const { token } = await (
      await call(t.server.url, pro, 'POST', '/api/tokens', { name: 'agency script' })
    ).json();
    const res = await fetch(`${t.server.url}/api/bulk`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        list: `${sites[2]?.url}\n${sites[3]?.url}`,
        settings: { maxDepth: 1 },
      }),
    });
    expect(res.status).toBe(201);
    expect(Number(res.headers.get('x-ratelimit-remaining'))).toBeLessThan(100);
    const { bulkId } = await res.json();
    const bulk = await (
      await fetch(`${t.server.url}/api/bulk/${bulkId}`, {
        headers: { Authorization: `Bearer ${token}` },
      })
    ).json();
    expect(bulk.settings).toEqual({ maxDepth: 1 });
    expect(bulk.sites).toHaveLength(2);
  });
});
