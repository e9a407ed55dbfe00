import { gunzipSync } from 'node:zlib';
import { makePage } from '@mapsmith/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createTestUser,
  seedCompletedJob,
  startTestServer,
  type TestServer,
  type TestUser,
} from '../../repos/test-support.js';

let t: TestServer;
let base: string;
let owner: TestUser;
let jobId: string;

const pages = Array.from({ length: 150 }, (_, i) =>
  makePage(`https://example.com/p/${i}`, {
    title: `Page ${i}`,
    lastModified: new Date(Date.UTC(2025, 0, 1 + (i % 28))).toISOString(),
    images: i % 10 === 0 ? [{ src: `https://example.com/img/${i}.jpg`, alt: `Image ${i}` }] : [],
    videos:
      i === 0
        ? [
            {
              contentUrl: 'https://example.com/v/0.mp4',
              playerUrl: null,
              thumbnailUrl: 'https://example.com/v/0.jpg',
              title: 'A video',
              description: 'What the video shows',
              durationSeconds: 60,
              publicationDate: null,
            },
          ]
        : [],
  }),
);
pages.push(
  makePage('https://example.com/gone', {
    status: 404,
    verdict: { included: false, code: 'status', reason: 'excluded: 404' },
  }),
);

beforeAll(async () => {
  t = await startTestServer();
  base = t.server.url;
  owner = await createTestUser(t.server.context.db);
  jobId = await seedCompletedJob(t.server.context.db, owner.id, pages);
});

afterAll(async () => {
  await t.close();
});

const get = (u: TestUser | null, path: string) => call(base, u, 'GET', path);

describe('GET /api/generate/:jobId/:format', () => {
  it('downloads the xml sitemap with its file name and type, listing included pages only', async () => {
    const res = await get(owner, `/api/generate/${jobId}/xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="sitemap.xml"');
    const xml = await res.text();
    expect(xml).toContain('<urlset');
    expect(xml.match(/<loc>/g)).toHaveLength(150);
    expect(xml).not.toContain('/gone');
  });

  it('gzips the four sitemap formats on ?compress=true', async () => {
    for (const format of ['xml', 'xml-images', 'images', 'videos']) {
      const res = await get(owner, `/api/generate/${jobId}/${format}?compress=true`);
      expect(res.status, format).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/gzip');
      expect(res.headers.get('content-disposition')).toMatch(/\.xml\.gz"$/);
      const text = gunzipSync(Buffer.from(await res.arrayBuffer())).toString('utf8');
      expect(text).toMatch(/^<\?xml/);
    }
  });

  it('answers 422 with the reason, never an empty file, when a sitemap has nothing to list', async () => {
    const plain = await seedCompletedJob(t.server.context.db, owner.id, [
      makePage('https://example.com/only-text'),
    ]);
    for (const [format, reason] of [
      ['videos', /no videos/],
      ['images', /no images/],
    ] as const) {
      const res = await get(owner, `/api/generate/${plain}/${format}`);
      expect(res.status, format).toBe(422);
      expect(await res.json()).toMatchObject({
        error: 'Nothing to list',
        message: reason,
        code: 'export.nothing-to-list',
      });
    }
    expect((await get(owner, `/api/generate/${plain}/xml`)).status).toBe(200);
  });

  it('refuses gzip for html, rss, json and txt with 400', async () => {
    for (const format of ['html', 'rss', 'json', 'txt']) {
      const res = await get(owner, `/api/generate/${jobId}/${format}?compress=true`);
      expect(res.status, format).toBe(400);
      expect((await res.json()).message).toMatch(/gzip/);
    }
  });

  it('serves every format with a file name', async () => {
    const names: Record<string, string> = {
      html: 'sitemap.html',
      rss: 'sitemap.rss',
      json: 'sitemap.json',
      txt: 'sitemap.txt',
    };
    for (const [format, name] of Object.entries(names)) {
      const res = await get(owner, `/api/generate/${jobId}/${format}`);
      expect(res.status, format).toBe(200);
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${name}"`);
    }
    const txt = await (await get(owner, `/api/generate/${jobId}/txt`)).text();
    expect(txt.trim().split('\n')).toHaveLength(150);
  });

  it('keeps the 100 most recent RSS items on the free plan, all on Pro', async () => {
    const free = await (await get(owner, `/api/generate/${jobId}/rss`)).text();
    expect(free.match(/<item>/g)).toHaveLength(100);
    const pro = await createTestUser(t.server.context.db, { pro: true });
    const proJob = await seedCompletedJob(t.server.context.db, pro.id, pages);
    const all = await (await get(pro, `/api/generate/${proJob}/rss`)).text();
    expect(all.match(/<item>/g)).toHaveLength(150);
  });

  it('answers 400 for an unknown format or compress value, 404 for another user', async () => {
    const bad = await get(owner, `/api/generate/${jobId}/pdf`);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: 'Invalid input' });
    expect((await get(owner, `/api/generate/${jobId}/xml?compress=maybe`)).status).toBe(400);
    const other = await createTestUser(t.server.context.db);
    expect((await get(other, `/api/generate/${jobId}/xml`)).status).toBe(404);
    expect((await get(null, `/api/generate/${jobId}/xml`)).status).toBe(401);
  });
});

describe('GET /api/generate for a crawl past 50,000 URLs', () => {
  it('answers the sitemap index, and each part with ?part=N', async () => {
    const db = t.server.context.db;
    const pro = await createTestUser(db, { pro: true });
    const big = await seedCompletedJob(db, pro.id, []);
    // 50,001 listed pages, inserted in one statement (saving them one by one takes a minute).
    await db.run(
      `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 50000)
       INSERT INTO crawl_pages (job_id, key, url, title, included, record)
       SELECT ?, 'k' || i, 'https://big.example/p/' || i, NULL, 1,
              replace(?, '__URL__', 'https://big.example/p/' || i) FROM n`,
      [big, JSON.stringify(makePage('__URL__'))],
    );
    const index = await get(pro, `/api/generate/${big}/xml`);
    expect(index.status).toBe(200);
    expect(index.headers.get('content-disposition')).toBe('attachment; filename="sitemap.xml"');
    const text = await index.text();
    expect(text).toContain('<sitemapindex');
    expect(text).toContain('<loc>https://big.example/sitemap-1.xml</loc>');
    expect(text).toContain('<loc>https://big.example/sitemap-2.xml</loc>');
    const one = await get(pro, `/api/generate/${big}/xml?part=1`);
    expect(one.headers.get('content-disposition')).toBe('attachment; filename="sitemap-1.xml"');
    expect((await one.text()).match(/<loc>/g)).toHaveLength(50_000);
    const two = await get(pro, `/api/generate/${big}/xml?part=2&compress=true`);
    expect(two.headers.get('content-disposition')).toBe('attachment; filename="sitemap-2.xml.gz"');
    const part2 = gunzipSync(Buffer.from(await two.arrayBuffer())).toString('utf8');
    expect(part2.match(/<loc>/g)).toHaveLength(1);
    expect((await get(pro, `/api/generate/${big}/xml?part=3`)).status).toBe(404);
    expect((await get(pro, `/api/generate/${big}/xml?part=0`)).status).toBe(400);
  }, 20_000);
});
