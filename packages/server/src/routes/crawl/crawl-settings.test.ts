import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FixtureSite, startFixtureSite } from '../../../../../tests/fixtures/site/index.js';
import { pageLinks, pagePath } from '../../../../../tests/fixtures/site/pages.js';
import {
  call,
  createTestUser,
  startTestServer,
  type TestServer,
  type TestUser,
} from '../../repos/test-support.js';

const PAGES = 60;
let t: TestServer;
let site: FixtureSite;

beforeAll(async () => {
  // One request at a time: pages are taken in the order found, so each page's depth is its
  // shortest click distance and the expected set below is exact.
  [t, site] = await Promise.all([
    startTestServer({ MAPSMITH_CRAWL_CONCURRENCY: '1' }),
    startFixtureSite({ pages: PAGES }),
  ]);
});

afterAll(async () => {
  await Promise.all([t.close(), site.close()]);
});

/** The fixture's pages within `maxDepth` clicks of the home page, never entering excluded ones. */
function expectedUrls(maxDepth: number, excluded: (path: string) => boolean): string[] {
  const depth = new Map<number, number>([[0, 0]]);
  const queue = [0];
  while (queue.length > 0) {
    const page = queue.shift() as number;
    const d = depth.get(page) as number;
    if (d === maxDepth) continue;
    for (const next of pageLinks(page, PAGES)) {
      if (depth.has(next) || excluded(pagePath(next))) continue;
      depth.set(next, d + 1);
      queue.push(next);
    }
  }
  return [...depth.keys()].map((i) => `${site.origin}${pagePath(i)}`).sort();
}

async function finished(u: TestUser, jobId: string) {
  const end = Date.now() + 30_000;
  for (;;) {
    const job = await (await call(t.server.url, u, 'GET', `/api/crawl/${jobId}`)).json();
    if (job.status === 'completed' || job.status === 'failed' || Date.now() > end) return job;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('crawl settings over the API', () => {
  it('crawls with the depth, exclude pattern and user-agent suffix a Pro user chose', async () => {
    const u = await createTestUser(t.server.context.db, { pro: true });
    const settings = {
      maxDepth: 2,
      exclude: ['/p/1*'],
      scope: 'origin',
      userAgentSuffix: '(ops@agency.test)',
    };
    const res = await call(t.server.url, u, 'POST', '/api/crawl', { url: site.url, settings });
    expect(res.status).toBe(201);
    const job = await finished(u, (await res.json()).jobId);
    expect(job.status).toBe('completed');
    const listed = job.results.map((r: { url: string }) => r.url).sort();
    const expected = expectedUrls(2, (path) => /^\/p\/1/.test(path));
    expect(listed).toEqual(expected);
    // Without the settings the crawl would list every page: the settings did the cutting.
    expect(listed.length).toBeLessThan(PAGES);
    expect(job.settings).toEqual(settings);
    const agents = new Set(site.requests().map((r) => r.userAgent));
    expect([...agents].every((a) => /^MapsmithBot\/\S+ .*\(ops@agency\.test\)$/.test(a))).toBe(
      true,
    );
    expect(site.hits('/p/10')).toBe(0);
  });

  it('refuses settings from a free user with 403 auth.pro-required and starts nothing', async () => {
    const u = await createTestUser(t.server.context.db);
    const res = await call(t.server.url, u, 'POST', '/api/crawl', {
      url: site.url,
      settings: { maxDepth: 1 },
    });
    expect(res.status).toBe(403);
    const body = await res.json();
    expect(body.code).toBe('auth.pro-required');
    expect(body.message).toMatch(/^Crawl settings .* are part of Mapsmith Pro/);
    const history = await (await call(t.server.url, u, 'GET', '/api/history')).json();
    expect(history).toEqual([]);
    // Settings that are all defaults are no departure: the free crawl starts.
    const plain = await call(t.server.url, u, 'POST', '/api/crawl', {
      url: site.url,
      settings: { include: [] },
    });
    expect(plain.status).toBe(201);
  });

  it('answers a bad setting with 400 input.invalid and a sentence, not a crawl', async () => {
    const u = await createTestUser(t.server.context.db, { pro: true });
    for (const settings of [
      { exclude: ['/a b'] },
      { maxDepth: -1 },
      { scope: 'planet' },
      { exclude: ['/*/*/*/*/*/*'] },
      { somethingElse: true },
    ]) {
      const res = await call(t.server.url, u, 'POST', '/api/crawl', { url: site.url, settings });
      expect(res.status).toBe(400);
      const body = await res.json();
      expect(body.code).toBe('input.invalid');
      expect(body.message).not.toMatch(/ZodError|at Object/);
    }
  });
});
